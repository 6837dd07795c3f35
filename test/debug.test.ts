// @vitest-environment node
/**
 * The debug log (decision 012): a code of debug-text.ts prints as its sentence where the build
 * carries them (this ESM source), any other message as written; docs/debug.md lists every code
 * with its sentence, for the first script-tag file, which prints codes.
 */
import { readFileSync } from 'node:fs';
import { describe, expect, it, vi } from 'vitest';
import { createDebugLog } from '../src/debug.js';
import { DEBUG_TEXT } from '../src/debug-text.js';

describe('createDebugLog', () => {
  it('prints a code as its sentence, with the details after it', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    createDebugLog(true)('I7', 1000, 'offer 7');
    expect(debug).toHaveBeenCalledWith('[adpx] dwell clock started, ms:', 1000, 'offer 7');
  });

  it('prints any other message as written', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    createDebugLog(true, 'adpx:api')('rule holds: ratio 1.000');
    expect(debug).toHaveBeenCalledWith('[adpx:api] rule holds: ratio 1.000');
  });

  it('prints nothing when off', () => {
    const debug = vi.spyOn(console, 'debug').mockImplementation(() => {});
    createDebugLog(false)('I7', 1000);
    createDebugLog(undefined)('U2');
    expect(debug).not.toHaveBeenCalled();
  });
});

describe('docs/debug.md', () => {
  const doc = readFileSync(new URL('../docs/debug.md', import.meta.url), 'utf8');
  const documented = new Map(
    [...doc.matchAll(/^\| `([A-Z]\d+)` +\| (.+?) +\|$/gm)].map(([, code = '', text = '']) => [code, text]),
  );

  it('lists every code with its sentence, and no other', () => {
    expect(Object.keys(DEBUG_TEXT).length).toBeGreaterThan(0);
    expect(Object.fromEntries(documented)).toEqual(DEBUG_TEXT);
  });
});
