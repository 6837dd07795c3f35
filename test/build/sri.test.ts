// @vitest-environment node
/**
 * scripts/sri.mjs hashes the script-tag build for dist/sri.json. Checked on a folder laid out like
 * dist/: the IIFE and any sibling script file are hashed (sha384, base64, as browsers compare it),
 * tsc's ES modules (which have a `.d.ts`), maps, JSON and sub-folders are not, and an empty build is
 * an error rather than an empty manifest.
 */
import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { integrityManifest, scriptTagFiles, sriOf } from '../../scripts/sri.mjs';

let dir: string;

beforeEach(() => {
  dir = mkdtempSync(join(tmpdir(), 'adpx-sri-'));
});
afterEach(() => rmSync(dir, { recursive: true, force: true }));

const write = (name: string, text: string) => writeFileSync(join(dir, name), text);

describe('sriOf', () => {
  it('is sha384 in base64 with its prefix (the hash of "abc" from FIPS 180-2)', () => {
    const hex =
      'cb00753f45a35e8bb5a03d699ac65007272c32ab0eded1631a8b605a43ff5bed8086072ba1e7cc2358baeca134c825a7';
    expect(sriOf('abc')).toBe(`sha384-${Buffer.from(hex, 'hex').toString('base64')}`);
  });
});

describe('the files of the script-tag build', () => {
  beforeEach(() => {
    write('adpx-offers.iife.js', 'var a=1;');
    write('adpx-offers.iife.js.map', '{}');
    write('adpx-offers.sanitize.js', 'var b=2;');
    write('adpx-offers.locales.json', '{}');
    write('index.js', 'export {};');
    write('index.d.ts', 'export {};');
    mkdirSync(join(dir, 'elements'));
    writeFileSync(join(dir, 'elements', 'unit.js'), 'export {};');
  });

  it('are the top-level .js files without a .d.ts, whatever their names', () => {
    expect(scriptTagFiles(dir)).toEqual(['adpx-offers.iife.js', 'adpx-offers.sanitize.js']);
  });

  it('each get the hash of their exact bytes', () => {
    const sha = (text: string) => `sha384-${createHash('sha384').update(text).digest('base64')}`;
    expect(integrityManifest(dir)).toEqual({
      'adpx-offers.iife.js': sha('var a=1;'),
      'adpx-offers.sanitize.js': sha('var b=2;'),
    });
  });
});

it('refuses a folder with no script-tag file', () => {
  write('index.js', 'export {};');
  write('index.d.ts', 'export {};');
  expect(() => integrityManifest(dir)).toThrow(/no script-tag file/);
});
