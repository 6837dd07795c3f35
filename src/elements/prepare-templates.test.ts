import { afterEach, describe, expect, it, vi } from 'vitest';
import { html, render, svg } from 'lit';
import { prepareTemplates } from './prepare-templates.js';

/** Lit makes one `<template>` element per template it prepares (and one per `<template>` of ours). */
function templatesMade(run: () => unknown): number {
  const create = vi.spyOn(document, 'createElement');
  try {
    run();
    return create.mock.calls.filter(([tag]) => tag === 'template').length;
  } finally {
    create.mockRestore();
  }
}

// New template literals on each call: each test's templates are new to Lit's cache.
const card = (n: number) => html`<li>${n} <b>${html`<i>${n}</i>`}</b></li>`;
const list = () =>
  html`<ul>
      ${[1, 2].map(card)}
    </ul>
    ${svg`<circle r="1"></circle>`} ${'text'} ${null}`;

describe('prepareTemplates', () => {
  afterEach(() => document.body.replaceChildren());

  it('prepares every template of a render, nested and in arrays, so that rendering prepares none', () => {
    let done = false;
    // The ul's, the card's, the <i>'s, the svg's.
    expect(templatesMade(() => (done = prepareTemplates(list(), Infinity)))).toBe(4);
    expect(done).toBe(true);
    const host = document.createElement('div');
    expect(templatesMade(() => render(list(), host))).toBe(0);
    expect(host.querySelectorAll('li i')).toHaveLength(2);
    expect(templatesMade(() => prepareTemplates(list(), Infinity))).toBe(0);
  });

  it('stops once its deadline has passed and goes on where it stopped on the next call', () => {
    const value = html`<section>${html`<h2>${html`<span>deadline</span>`}</h2>`}</section>`;
    expect(templatesMade(() => expect(prepareTemplates(value, performance.now() - 1)).toBe(false))).toBe(0);
    expect(templatesMade(() => expect(prepareTemplates(value, Infinity)).toBe(true))).toBe(3);
  });

  it('leaves anything that is not a template alone', () => {
    for (const value of [undefined, null, 'text', 0, Symbol('nothing'), { values: [] }, [[]]])
      expect(prepareTemplates(value, Infinity)).toBe(true);
  });

  // The getter's name is Lit's private one, in each of its two builds; an upgrade that renames it
  // fails here rather than silently preparing nothing ahead.
  it.each([
    ['production', () => import('../../node_modules/lit-html/lit-html.js'), '_$AC'],
    ['development', () => import('../../node_modules/lit-html/development/lit-html.js'), '_$getTemplate'],
  ])("finds Lit's template getter in its %s build", async (_build, load, name) => {
    const lit = await load();
    const part = lit.render(lit.nothing, document.createDocumentFragment());
    const getter = Reflect.get(part, name) as (result: unknown) => { el?: unknown };
    expect(typeof getter).toBe('function');
    expect(getter(lit.html`<p>${1}</p>`).el).toBeInstanceOf(HTMLTemplateElement);
  });
});
