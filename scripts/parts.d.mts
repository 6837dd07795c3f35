export function readParts(): Promise<Record<string, Record<string, string>>>;
export function partsTable(parts: Record<string, Record<string, string>>): string;
export function themingWithParts(): Promise<{ doc: string; next: string }>;
