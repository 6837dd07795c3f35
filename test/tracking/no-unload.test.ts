// @vitest-environment node
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * `unload` and `beforeunload` listeners keep a page out of the back/forward cache (and `unload` is
 * being removed from browsers). Leaving the page is handled on `pagehide` and beacons use
 * `keepalive`; this test keeps it that way for everything under src/.
 */
const LISTENER = [
  /addEventListener\s*\(\s*['"`](?:before)?unload['"`]/,
  /\bon(?:before)?unload\s*=/,
  /@(?:before)?unload\s*=/,
];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(path);
    return /\.(?:[cm]?[jt]s|html)$/.test(entry.name) ? [path] : [];
  });
}

const offending = (text: string): string[] =>
  text.split('\n').filter((line) => LISTENER.some((pattern) => pattern.test(line)));

describe('no unload listeners', () => {
  it('finds no unload or beforeunload listener anywhere in src/', () => {
    const root = fileURLToPath(new URL('../..', import.meta.url));
    const files = sourceFiles(join(root, 'src'));
    expect(files.length).toBeGreaterThan(10);
    const found = files.flatMap((file) =>
      offending(readFileSync(file, 'utf8')).map((line) => `${relative(root, file)}: ${line.trim()}`),
    );
    expect(found).toEqual([]);
  });

  it.each([
    ["window.addEventListener('unload', f)", true],
    ['addEventListener("beforeunload", f, { once: true })', true],
    ['window.onbeforeunload = () => {}', true],
    ['window.onunload = null', true],
    ["window.addEventListener('pagehide', f)", false],
    ['// never listens to `unload`', false],
  ])('the check recognises %s: %s', (line, expected) => {
    expect(offending(line).length > 0).toBe(expected);
  });
});
