import { describe, expect, it } from 'vitest';
import { adPosition, unitSetup } from '../../src/script-api/unit-options.js';

describe('unitSetup: AdpxConfig settings and styles → the unit', () => {
  it('nothing given: a popup on the body with the response’s own look', () => {
    expect(unitSetup(undefined, undefined)).toEqual({
      layout: 'popup',
      target: undefined,
      attributes: { 'hide-close': false, 'backdrop-dismiss': false, 'show-qr': false },
      properties: [],
      overrides: { styles: {}, settings: {} },
      delayMs: 0,
    });
  });

  it('the launcher settings map onto attributes, properties and overrides', () => {
    const setup = unitSetup(
      {
        ad_position: 'top_center',
        darken_bg: false,
        backdrop_dismiss: true,
        show_close: false,
        delay: 2,
        max_display_time: 30,
        auto_close: 'true',
        offerwall: false,
        show_qr: 1,
        terms: 'modal',
        multi_offer_unit: true,
      },
      {},
    );
    expect(setup.attributes).toEqual({
      'hide-close': true,
      'backdrop-dismiss': true,
      'show-qr': true,
      terms: 'modal',
    });
    expect(setup.properties).toEqual([['--adpx-backdrop-color', 'transparent']]);
    expect(setup.overrides.settings).toEqual({
      max_display_time: 30,
      auto_close: true,
      offerwall_enabled: false,
      ad_position: 'top',
    });
    expect(setup.delayMs).toBe(2000);
  });

  it('colours: valid *_color keys and the launcher’s header/offerText forms; invalid ones dropped', () => {
    const setup = unitSetup(
      {},
      {
        primary_color: '#ff0000',
        background_color: 'url(javascript:alert(1))',
        button_color: 'rgb(0 0 255)',
        header: { text: '  Picked for you  ', background: '#0b1937', textColor: 'white' },
        offerText: { textColor: '#111' },
        fontSize: 14,
      },
    );
    expect(setup.overrides.styles).toEqual({
      primary_color: '#ff0000',
      button_color: 'rgb(0 0 255)',
      header_background_color: '#0b1937',
      header_text_color: 'white',
      text_color: '#111',
    });
    expect(setup.attributes.heading).toBe('Picked for you');
  });

  it('text_color given directly wins over offerText.textColor', () => {
    expect(
      unitSetup({}, { text_color: '#222', offerText: { textColor: '#111' } }).overrides.styles.text_color,
    ).toBe('#222');
  });

  it('an embedded target makes the unit inline; a disabled one does not', () => {
    expect(unitSetup({ embedded: { enabled: true, targetElement: 'slot' } }, {})).toMatchObject({
      layout: 'inline',
      target: 'slot',
    });
    expect(unitSetup({ embedded: { enabled: false, targetElement: 'slot' } }, {}).layout).toBe('popup');
    expect(unitSetup({ target: '#offers' }, {}).target).toBe('#offers');
    const element = document.createElement('div');
    expect(unitSetup({ target: element }, {}).target).toBe(element);
  });

  it('the delay is capped at one minute; bad values are 0', () => {
    expect(unitSetup({ delay: 600 }, {}).delayMs).toBe(60_000);
    expect(unitSetup({ delay: -1 }, {}).delayMs).toBe(0);
    expect(unitSetup({ delay: 'soon' as unknown as number }, {}).delayMs).toBe(0);
  });

  it('the header text is plain text cut to 90 characters', () => {
    const heading = unitSetup({}, { header: { text: 'x'.repeat(200) } }).attributes.heading;
    expect(typeof heading === 'string' && [...heading].length).toBeLessThanOrEqual(90);
  });

  it.each([
    ['center', 'center'],
    ['top_left', 'top'],
    ['bottom-right', 'bottom'],
    ['Bottom Center', 'bottom'],
    ['middle', undefined],
    [3, undefined],
  ])('adPosition(%j) = %j', (value, expected) => {
    expect(adPosition(value)).toBe(expected);
  });
});
