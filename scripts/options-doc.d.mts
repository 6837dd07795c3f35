export interface OptionDoc {
  name: string;
  property?: string;
  attribute?: string | false;
  type: string;
  config?: string;
  sent?: string;
  doc: string;
  initial?: string | number | boolean;
}
export const API_DOC: string;
export function readOptions(): OptionDoc[];
export function optionsTable(options?: OptionDoc[]): string;
export function renderApiDoc(text?: string): string;
export function attributesTable(options?: OptionDoc[]): string;
export function renderReadme(text?: string): string;
export const README: string;
