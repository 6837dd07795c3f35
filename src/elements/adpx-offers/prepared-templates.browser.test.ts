import { afterEach, expect, test } from 'vitest';
import '../../define.js';
import { clearStage, offersResponse, shownAll, stage } from '../../../test/components/dom.js';

/**
 * A file of its own: Lit's template cache lives as long as the page, and each browser test file
 * has a page of its own, so no other test's unit has prepared these templates before.
 */

type Unit = HTMLElement & { response?: unknown; updateComplete: Promise<boolean> };

afterEach(clearStage);

test('a unit first on screen renders with its templates already prepared, in tasks before (draft-pass.ts)', async () => {
  const made = { all: 0, inRenders: 0 };
  let rendering = false;
  const createElement = document.createElement;
  // Lit makes one `<template>` element for each template it prepares.
  document.createElement = function (this: Document, tag: string, options?: ElementCreationOptions) {
    if (tag === 'template') {
      made.all += 1;
      if (rendering) made.inRenders += 1;
    }
    return createElement.call(this, tag, options);
  } as typeof document.createElement;
  try {
    const unit = document.createElement('adpx-offers') as unknown as Unit & {
      update(changed: unknown): void;
    };
    const update = unit.update;
    unit.update = function (this: typeof unit, changed: unknown) {
      rendering = true;
      try {
        update.call(this, changed);
      } finally {
        rendering = false;
      }
    };
    stage().append(unit);
    unit.response = offersResponse();
    await expect.poll(() => shownAll(unit, '[part~="headline"]').length).toBeGreaterThan(0);
    await unit.updateComplete;
    expect(made.all).toBeGreaterThan(3);
    expect(made.inRenders).toBe(0);
  } finally {
    document.createElement = createElement;
  }
});

test('a render that throws while its templates are prepared still lets the unit update (draft-pass.ts)', async () => {
  const unit = document.createElement('adpx-offers') as unknown as Unit & { render(): unknown };
  const render = unit.render;
  let calls = 0;
  unit.render = function (this: typeof unit) {
    calls += 1;
    if (calls === 1) throw new Error('first render fails');
    return render.call(this);
  };
  stage().append(unit);
  unit.response = offersResponse();
  await expect.poll(() => shownAll(unit, '[part~="headline"]').length).toBeGreaterThan(0);
  expect(calls).toBeGreaterThan(1);
});
