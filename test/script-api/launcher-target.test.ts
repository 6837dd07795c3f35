import { describe, expect, it } from 'vitest';
import { findTarget, launcherTarget } from '../../src/script-api/launcher-target.js';
import { unitSetup } from '../../src/script-api/launcher-options.js';

const element = document.createElement('section');

// The first file reads the target with `launcherTarget`; the script API with `unitSetup`'s rows.
// One rule: both give the same target for every shape of `settings`.
const CASES: Array<[string, unknown, string | Element | undefined]> = [
  ['no settings', undefined, undefined],
  ['settings not an object', 'slot', undefined],
  ['settings.target', { target: 'slot' }, 'slot'],
  ['settings.target trimmed', { target: '  slot ' }, 'slot'],
  ['an empty target', { target: '   ' }, undefined],
  ['an element', { target: element }, element],
  ['embedded.targetElement', { embedded: { enabled: true, targetElement: '#box' } }, '#box'],
  ['embedded without enabled', { embedded: { targetElement: '#box' } }, '#box'],
  ['embedded.enabled false', { embedded: { enabled: false, targetElement: '#box' } }, undefined],
  ["embedded.enabled 'false'", { embedded: { enabled: 'false', targetElement: '#box' } }, undefined],
  ['both: settings.target first', { target: 'slot', embedded: { targetElement: '#box' } }, 'slot'],
  ['an invalid target, a valid inline one', { target: 7, embedded: { targetElement: '#box' } }, '#box'],
  ['enabled false keeps settings.target', { target: 'slot', embedded: { enabled: false } }, 'slot'],
];

describe('launcherTarget', () => {
  it.each(CASES)('%s', (_name, settings, expected) => {
    expect(launcherTarget(settings)).toBe(expected);
    expect(unitSetup(settings, {}).target).toBe(expected);
  });
});

describe('findTarget', () => {
  it('finds an id first, then a selector; an invalid selector or a detached element is none', () => {
    document.body.innerHTML = '<div id="slot"></div><p class="box"></p>';
    expect(findTarget(document, 'slot')).toBe(document.getElementById('slot'));
    expect(findTarget(document, '.box')).toBe(document.querySelector('.box'));
    expect(findTarget(document, '[[')).toBeUndefined();
    expect(findTarget(document, element)).toBeUndefined();
    expect(findTarget(document, undefined)).toBeUndefined();
  });
});
