import { ensureLanguage, Messages } from '../../i18n/messages.js';
import { beforeAll, describe, expect, it } from 'vitest';
import { headlineOf, isModalLayout, offerAnnouncement, progressLabel, toLayout } from './flow.js';
import { testOffer } from '../../../test/model/fixtures.js';

const offer = testOffer;

const en = new Messages('en');

// The tables of languages other than English load on demand, as in a browser.
beforeAll(() => Promise.all([ensureLanguage('de'), ensureLanguage('ar')]));

describe('words', () => {
  it('shows progress 1-based', () => {
    expect(progressLabel(1, 5, en)).toBe('2 of 5');
    // Numbers go through Intl.NumberFormat in the unit's language.
    expect(progressLabel(1, 1234, new Messages('de'))).toBe('2 von 1.234');
    const ar = new Intl.NumberFormat('ar');
    expect(progressLabel(1, 5, new Messages('ar'))).toBe(`${ar.format(2)} من ${ar.format(5)}`);
  });

  it('announces an offer with its headline', () => {
    expect(offerAnnouncement(offer({ title: '60% off' }), 1, 5, en)).toBe('Offer 2 of 5: 60% off');
    expect(offerAnnouncement(offer({ short_headline: 'Short' }), 0, 1, en)).toBe('Offer 1 of 1: Short');
    expect(offerAnnouncement(offer({}), 0, 2, en)).toBe('Offer 1 of 2');
  });

  it('prefers the title, then the short headline, then the advertiser', () => {
    expect(headlineOf(offer({ title: 'T', short_headline: 'S' }))).toBe('T');
    expect(headlineOf(offer({ advertiser_name: 'A' }))).toBe('A');
  });
});

describe('layouts', () => {
  it.each([
    ['inline', 'inline'],
    ['popup', 'popup'],
    ['fullscreen', 'fullscreen'],
    ['list', 'list'],
    ['POPUP', 'inline'],
    ['sidebar', 'inline'],
    [undefined, 'inline'],
  ])('%s → %s', (value, layout) => {
    expect(toLayout(value)).toBe(layout);
  });

  it('opens popup and fullscreen as a modal dialog', () => {
    expect([
      isModalLayout('popup'),
      isModalLayout('fullscreen'),
      isModalLayout('inline'),
      isModalLayout('list'),
    ]).toEqual([true, true, false, false]);
  });
});
