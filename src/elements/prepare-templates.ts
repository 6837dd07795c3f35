/**
 * Lit prepares a template the first time it renders it: it parses the template's HTML into a
 * `<template>` element and finds its parts. For a unit's first card that is about half of its
 * render (46 of 95 ms on a 4× phone, a CPU profile), so a unit prepares its templates in tasks of
 * their own before it renders (`DraftPass`, decision 016) and no render task runs long.
 *
 * Lit has no public call for it. Its `ChildPart` fetches a template from its cache, preparing it
 * when missing, with `_$getTemplate`, which Lit's production build names `_$AC`; Lit's own
 * `hydrate` (`@lit-labs/ssr-client`) calls it by that name. prepare-templates.test.ts checks both
 * names on both of Lit's builds; with a Lit that has neither, nothing is prepared ahead and each
 * render prepares its templates, as Lit does.
 */
import { nothing, render } from 'lit';

interface Result {
  _$litType$: unknown;
  values: unknown[];
}

type GetTemplate = (result: Result) => unknown;

let getTemplate: GetTemplate | null | undefined;

function templateGetter(): GetTemplate | null {
  if (getTemplate === undefined) {
    const part = render(nothing, document.createDocumentFragment()) as unknown as Record<string, unknown>;
    const get = part._$AC ?? part._$getTemplate;
    getTemplate = typeof get === 'function' ? (get as GetTemplate) : null;
  }
  return getTemplate;
}

const isResult = (value: unknown): value is Result =>
  typeof (value as Result | null)?._$litType$ === 'number';

/**
 * Prepares the templates of `value`, a render's result (nested results and arrays of them), that
 * Lit has not prepared yet, until `deadline` (a `performance.now()` time) has passed. True when
 * every one is prepared.
 */
export function prepareTemplates(value: unknown, deadline: number): boolean {
  const get = templateGetter();
  const stack = [value];
  while (get && stack.length > 0) {
    if (performance.now() > deadline) return false;
    const next = stack.pop();
    if (Array.isArray(next)) stack.push(...(next as unknown[]));
    else if (isResult(next)) {
      get(next);
      stack.push(...next.values);
    }
  }
  return true;
}
