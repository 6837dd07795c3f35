// @vitest-environment node
/**
 * The React and Next.js snippets of docs/frameworks.md are the examples' code: every line of each
 * snippet is a line of the example file it comes from (a `// file` header and a `// …` elision
 * aside), so the recipe a reader copies is the one e2e/frameworks.spec.ts and e2e/nextjs.spec.ts run.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (path: string) => readFileSync(new URL(`../../${path}`, import.meta.url), 'utf8');
const snippets = [...read('docs/frameworks.md').matchAll(/```tsx\n([\s\S]*?)```/g)].map(
  (match) => match[1] ?? '',
);

const CASES: Array<[marker: string, file: string]> = [
  ['// App.tsx', 'demo/frameworks/react/src/App.tsx'],
  ['// page.tsx', 'demo/frameworks/next/app/page.tsx'],
  ['// checkout.tsx', 'demo/frameworks/next/app/checkout.tsx'],
  ["import dynamic from 'next/dynamic';", 'demo/frameworks/next/app/client-only/client-checkout.tsx'],
];

/** A snippet's lines as they should appear in the file. */
const linesOf = (snippet: string): string[] =>
  snippet
    .split('\n')
    .map((line) => line.trim().replace(/^(\/>);$/, '$1'))
    .filter((line) => line && !/^\/\/ ([\w-]+\.tsx\b|…)/.test(line));

describe('docs/frameworks.md snippets', () => {
  it.each(CASES)('the snippet with %s is in %s', (marker, file) => {
    const snippet = snippets.find((text) => text.includes(marker));
    expect(snippet, `no tsx snippet holds ${marker}`).toBeDefined();
    const source = new Set(
      read(file)
        .split('\n')
        .map((line) => line.trim()),
    );
    expect(linesOf(snippet ?? '').filter((line) => !source.has(line))).toEqual([]);
  });
});
