/** Types of cases.mjs for the TypeScript tests that share its table (e2e/ssr.spec.ts). */
export const HOSTILE: ReadonlyArray<readonly [fragment: string, why: string]>;
export function offer(id: number, fields?: Record<string, unknown>): Record<string, unknown>;
export function envelope(
  offers: unknown[],
  data?: Record<string, unknown>,
): { data: Record<string, unknown> };
export function assertInert(html: string): void;
export function markupOf(html: string): string;
