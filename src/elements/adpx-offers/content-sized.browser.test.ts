import { afterEach, describe, expect, test } from 'vitest';
import { page } from 'vitest/browser';
import '../../define.js';
import {
  animationsSettled,
  box,
  clearStage,
  mockOffer,
  offersResponse,
  shownAll,
  stage,
} from '../../../test/components/dom.js';

/**
 * The unit in a box whose width comes from its content (issue 38): a flex row's item, a grid's
 * `auto` column, a table cell, a float, an `inline-block`, an absolutely positioned box, a
 * `width: fit-content` wrapper, the page's own `<dialog>` and a popover. The card is a size container
 * (its narrow and wide layouts are container queries), which has no width of its own to give; the
 * unit still takes the card's natural width, 25em (400 px at the default text size) plus its own
 * padding and border, never more than the box can have. A box with a width of its own still gives
 * the unit that width.
 */

type Unit = HTMLElement & { response?: unknown };

/** The card's natural width at the default text size: 25em. */
const NATURAL_CARD = 400;

afterEach(async () => {
  clearStage();
  await page.viewport(1280, 800);
});

/** A unit rendering the mock's response, once its headline shows. */
async function renderUnit(parent: HTMLElement): Promise<Unit> {
  const unit = document.createElement('adpx-offers') as Unit;
  parent.append(unit);
  unit.response = offersResponse();
  await expect.poll(() => shownAll(unit, '[part~="headline"]').length).toBeGreaterThan(0);
  await animationsSettled();
  return unit;
}

/** The unit's visible card (`::part(offer)`) and headline. */
function parts(unit: Unit): { card: HTMLElement; headline: HTMLElement } {
  const [card] = shownAll(unit, '[part~="offer"]');
  const [headline] = shownAll(unit, '[part~="headline"]');
  if (!card || !headline) throw new Error('no card shown');
  return { card, headline };
}

/** Lines of text in an element: its height over its line height. */
const lines = (el: HTMLElement): number =>
  Math.round(box(el).height / parseFloat(getComputedStyle(el).lineHeight));

/** An element `tag` with `style`, holding nothing yet. */
function element(tag: string, style = ''): HTMLElement {
  const el = document.createElement(tag);
  el.setAttribute('style', style);
  return el;
}

/** An order summary: the sibling a content-sized box shares its row with. */
function summary(): HTMLElement {
  const el = element('div', 'padding: 12px; border: 1px solid #ccc');
  el.textContent = 'Order #1042 · 2 items · 48.90 € · delivery on Thursday to 12 Rue de la Paix, Paris';
  return el;
}

/** Builds a `<div>` with `style` in the stage, followed by `sibling()` when given. */
function plainBox(style: string, sibling?: () => HTMLElement): (parent: HTMLElement) => HTMLElement {
  return (parent) => {
    const box = element('div', style);
    parent.append(box, ...(sibling ? [sibling()] : []));
    return box;
  };
}

interface Box {
  name: string;
  /** The box shares a row with the order summary, and on a phone both shrink (a flex item, a grid's auto column, a cell). */
  sharesRow?: boolean;
  /** Builds the box in `parent` (a stage) and returns the element the unit goes in. */
  build: (parent: HTMLElement) => HTMLElement;
}

const BOXES: Box[] = [
  {
    name: 'a flex row’s item (a sidebar beside the order summary)',
    sharesRow: true,
    build: (parent) => {
      const row = element('div', 'display: flex; gap: 16px; align-items: start');
      const aside = element('aside');
      row.append(summary(), aside);
      parent.append(row);
      return aside;
    },
  },
  {
    name: 'a grid’s auto column',
    sharesRow: true,
    build: (parent) => {
      const grid = element('div', 'display: grid; grid-template-columns: auto 1fr; gap: 16px');
      const cell = element('div');
      grid.append(cell, summary());
      parent.append(grid);
      return cell;
    },
  },
  {
    name: 'a table cell',
    sharesRow: true,
    build: (parent) => {
      const table = element('table');
      const row = (table as HTMLTableElement).insertRow();
      row.insertCell().append(summary());
      const cell = row.insertCell();
      parent.append(table);
      return cell;
    },
  },
  { name: 'a float', build: plainBox('float: left; margin-right: 16px', summary) },
  { name: 'an inline-block', build: plainBox('display: inline-block') },
  {
    name: 'an absolutely positioned box',
    build: (parent) => {
      parent.style.position = 'relative';
      return plainBox('position: absolute; top: 0; left: 0')(parent);
    },
  },
  { name: 'a width: fit-content wrapper', build: plainBox('width: fit-content') },
  {
    name: 'the page’s own <dialog>',
    build: (parent) => {
      const dialog = element('dialog') as HTMLDialogElement;
      parent.append(dialog);
      dialog.showModal();
      return dialog;
    },
  },
  {
    name: 'a popover',
    build: (parent) => {
      const popover = element('div');
      popover.popover = 'manual';
      parent.append(popover);
      popover.showPopover();
      return popover;
    },
  },
];

describe('the unit in a box that sizes to its content', () => {
  for (const kind of BOXES) {
    test(`${kind.name}: the card’s natural width, its headline on a few lines`, async () => {
      const parent = stage();
      const unit = await renderUnit(kind.build(parent));
      const { card, headline } = parts(unit);
      expect(box(card).width).toBeCloseTo(NATURAL_CARD, 0);
      expect(box(unit).width).toBeLessThanOrEqual(box(parent).width);
      expect(lines(headline)).toBeLessThanOrEqual(3);
    });

    // Alone in its row, the unit takes the whole space; beside the summary, it shares the row with
    // it (a quarter of it at least; 26 px and one letter a line before), and never pushes the page
    // wider than the screen.
    test(`${kind.name}, on a 390 px phone: readable, within the screen`, async () => {
      await page.viewport(390, 800);
      const parent = stage();
      const unit = await renderUnit(kind.build(parent));
      const { headline } = parts(unit);
      expect(box(unit).width).toBeGreaterThanOrEqual(kind.sharesRow ? box(parent).width / 4 : 320);
      expect(box(unit).right).toBeLessThanOrEqual(390);
      expect(document.documentElement.scrollWidth).toBe(390);
      expect(lines(headline)).toBeLessThanOrEqual(kind.sharesRow ? 8 : 3);
    });
  }

  test('the list layout in a fit-content wrapper: every card at its natural width', async () => {
    const wrapper = element('div', 'width: fit-content');
    stage().append(wrapper);
    const unit = element('adpx-offers') as Unit;
    unit.setAttribute('layout', 'list');
    wrapper.append(unit);
    unit.response = offersResponse();
    await expect.poll(() => shownAll(unit, '[part~="headline"]').length).toBeGreaterThan(1);
    const cards = shownAll(unit, '[part~="offer"]');
    expect(cards.length).toBeGreaterThan(1);
    for (const card of cards) expect(box(card).width).toBeCloseTo(NATURAL_CARD, 0);
  });

  test('a standalone card in a fit-content wrapper: its natural width, and a 300 px one shrinks to it', async () => {
    const wrapper = element('div', 'width: fit-content');
    const narrow = element('div', 'width: fit-content; max-width: 300px');
    stage().append(wrapper, narrow);
    const widths: number[] = [];
    for (const parent of [wrapper, narrow]) {
      const card = document.createElement('adpx-offer') as HTMLElement & { offer?: unknown };
      card.offer = mockOffer();
      parent.append(card);
      await expect.poll(() => shownAll(card, '[part~="headline"]').length).toBe(1);
      widths.push(Math.round(box(shownAll(card, '[part~="offer"]')[0] as HTMLElement).width));
    }
    expect(widths).toEqual([NATURAL_CARD, 300]);
  });

  test('a sidebar with a width of its own gives the unit that width', async () => {
    const row = element('div', 'display: flex; gap: 16px');
    const aside = element('aside', 'width: 300px; flex: none');
    row.append(summary(), aside);
    stage(1000).append(row);
    const unit = await renderUnit(aside);
    expect(box(unit).width).toBe(300);
  });

  test('a column of the page gives the unit its whole width, wide card and all', async () => {
    const unit = await renderUnit(stage(760));
    expect(box(unit).width).toBe(760);
    expect(box(parts(unit).card).width).toBeGreaterThan(480);
  });

  test('a page’s width on the element itself wins in a content-sized box', async () => {
    const wrapper = element('div', 'width: fit-content');
    stage().append(wrapper);
    const unit = element('adpx-offers', 'width: 320px') as Unit;
    wrapper.append(unit);
    unit.response = offersResponse();
    await expect.poll(() => shownAll(unit, '[part~="headline"]').length).toBeGreaterThan(0);
    expect(box(unit).width).toBe(320);
  });
});
