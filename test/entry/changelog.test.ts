// @vitest-environment node
/**
 * CHANGELOG.md keeps up with package.json: the version being published has a section, the newest
 * first, and the version policy is there for readers of the package (it ships in `files`).
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';

const read = (file: string) => readFileSync(new URL(`../../${file}`, import.meta.url), 'utf8');
const pkg = JSON.parse(read('package.json')) as { version: string; files: string[] };
const changelog = read('CHANGELOG.md');
const sections = [...changelog.matchAll(/^## (\d+\.\d+\.\d+\S*)/gm)].map((m) => m[1]);

describe('CHANGELOG.md', () => {
  it("has a section for package.json's version, and it is the newest", () => {
    expect(sections[0]).toBe(pkg.version);
  });

  it('states the version policy and ships in the package', () => {
    expect(changelog).toMatch(/^## Version policy$/m);
    expect(pkg.files).toContain('CHANGELOG.md');
  });
});
