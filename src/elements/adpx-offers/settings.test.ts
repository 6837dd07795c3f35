import { describe, expect, it } from 'vitest';
import { MAX_TIMER_MS } from '../../options/values.js';
import { unitSettings } from './settings.js';

describe('unitSettings', () => {
  it('reads the mock service defaults', () => {
    expect(unitSettings({ max_display_time: 600, auto_close: false })).toMatchObject({
      maxDisplayMs: 600_000,
      autoClose: false,
    });
  });

  it('has no clock and no auto close without settings', () => {
    expect(unitSettings(undefined)).toMatchObject({
      maxDisplayMs: undefined,
      autoClose: false,
      offerwall: undefined,
      position: 'center',
    });
    expect(unitSettings({})).toMatchObject({
      maxDisplayMs: undefined,
      autoClose: false,
      offerwall: undefined,
      position: 'center',
    });
  });

  it('takes the offer wall switch and popup position from overrides only', () => {
    expect(unitSettings({}, { offerwall_enabled: false, ad_position: 'bottom' })).toMatchObject({
      offerwall: false,
      position: 'bottom',
    });
    expect(unitSettings({}, { offerwall_enabled: 'yes', ad_position: 'left' })).toMatchObject({
      offerwall: undefined,
      position: 'center',
    });
  });

  it('puts overrides over the response', () => {
    expect(
      unitSettings({ max_display_time: 600, auto_close: false }, { max_display_time: 1, auto_close: true }),
    ).toMatchObject({ maxDisplayMs: 1000, autoClose: true });
    expect(unitSettings({ max_display_time: 5 }, { auto_close: true })).toMatchObject({
      maxDisplayMs: 5000,
      autoClose: true,
    });
  });

  it.each([
    ['a decimal string', '2.5', 2500],
    ['a fraction', 0.25, 250],
  ])('accepts max_display_time as %s', (_why, value, ms) => {
    expect(unitSettings({}, { max_display_time: value }).maxDisplayMs).toBe(ms);
  });

  it.each([
    ['zero', 0],
    ['negative', -3],
    ['not a number', 'soon'],
    ['NaN', Number.NaN],
    ['Infinity', Number.POSITIVE_INFINITY],
    ['an object', { seconds: 3 }],
  ])('ignores an override max_display_time that is %s', (_why, value) => {
    expect(unitSettings({ max_display_time: 9 }, { max_display_time: value }).maxDisplayMs).toBe(9000);
  });

  it('caps the clock at what setTimeout can wait (a longer delay would fire at once)', () => {
    expect(unitSettings({ max_display_time: 10 ** 9 }).maxDisplayMs).toBe(MAX_TIMER_MS);
  });

  it.each([
    ['true', true],
    ['"false"', 'false'],
    ['1', 1],
    ['"1"', '1'],
  ])('reads auto_close %s', (_why, value) => {
    expect(unitSettings({}, { auto_close: value }).autoClose).toBe(
      value === true || value === 1 || value === '1',
    );
  });

  it('ignores an auto_close override that is not a boolean', () => {
    expect(unitSettings({ auto_close: true }, { auto_close: 'yes please' }).autoClose).toBe(true);
  });
});
