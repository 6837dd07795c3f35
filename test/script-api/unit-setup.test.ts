import { describe, expect, it } from 'vitest';
import { adPosition, unitSetup } from '../../src/script-api/launcher-options.js';

describe('unitSetup: AdpxConfig settings and styles → the unit', () => {
  it('nothing given: a popup on the body with the response’s own look', () => {
    expect(unitSetup(undefined, undefined)).toEqual({
      layout: 'popup',
      target: undefined,
      attributes: {
        'hide-close': false,
        'backdrop-dismiss': false,
        'show-qr': false,
        delay: false,
        'close-delay': false,
      },
      properties: [],
      overrides: { styles: {}, settings: {} },
      margin: undefined,
      notes: [],
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
      },
      {},
    );
    expect(setup.attributes).toEqual({
      'hide-close': true,
      'backdrop-dismiss': true,
      'show-qr': true,
      delay: '2000',
      'close-delay': false,
      terms: 'modal',
    });
    expect(setup.properties).toEqual([['--adpx-backdrop-color', 'transparent']]);
    expect(setup.overrides.settings).toEqual({
      max_display_time: 30,
      auto_close: true,
      offerwall_enabled: false,
      ad_position: 'top',
    });
    expect(setup.attributes.delay).toBe('2000');
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
    expect(setup.notes).toEqual([
      'styles.background_color: "url(javascript:alert(1))" is not valid, ignored',
      'styles.fontSize: unknown key, ignored',
    ]);
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

  it("the delay becomes the unit's delay in ms, capped at one minute; bad values none", () => {
    expect(unitSetup({ delay: 600 }, {}).attributes.delay).toBe('60000');
    expect(unitSetup({ delay: -1 }, {}).attributes.delay).toBe(false);
    expect(unitSetup({ delay: 'soon' as unknown as number }, {}).attributes.delay).toBe(false);
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

describe('unitSetup: the launcher keys that used to do nothing', () => {
  it('header colours and font size reach the theme and a custom property', () => {
    const setup = unitSetup({}, { header: { background: '#0b1937', textColor: '#ffcc00', fontSize: 22 } });
    expect(setup.overrides.styles).toEqual({
      header_background_color: '#0b1937',
      header_text_color: '#ffcc00',
    });
    expect(setup.properties).toEqual([['--adpx-header-font-size', '22px']]);
    expect(setup.notes).toEqual([]);
  });

  it('button colours, offer font and text size', () => {
    const setup = unitSetup(
      {},
      {
        offerText: {
          font: 'Georgia, serif',
          fontSize: '1.25rem',
          buttonYes: { background: '#008000', color: '#ffffff', hover: '#004000', stroke: '#002000' },
          buttonNo: { background: 'white', color: 'black', hover: '#eeeeee', stroke: 'rgb(1 2 3)' },
        },
      },
    );
    expect(setup.overrides.styles).toEqual({
      accept_background_color: '#008000',
      accept_text_color: '#ffffff',
      accept_hover_color: '#004000',
      accept_border_color: '#002000',
      decline_background_color: 'white',
      decline_text_color: 'black',
      decline_hover_color: '#eeeeee',
      decline_border_color: 'rgb(1 2 3)',
    });
    expect(setup.properties).toEqual([
      ['--adpx-font-family', 'Georgia, serif'],
      ['--adpx-offer-text-size', '1.25rem'],
    ]);
  });

  it('bad sizes, fonts and colours are ignored with a note each', () => {
    const setup = unitSetup(
      {},
      {
        header: { fontSize: 500 },
        offerText: { font: 'x;}', fontSize: 'big', buttonYes: { hover: 'url(x)' } },
      },
    );
    expect(setup.properties).toEqual([]);
    expect(setup.overrides.styles).toEqual({});
    expect(setup.notes).toHaveLength(4);
    expect(setup.notes.every((note) => note.endsWith('is not valid, ignored'))).toBe(true);
  });

  it('close_ad_on_click_outside is backdrop-dismiss; enable_offerwall the offer wall', () => {
    const setup = unitSetup({ close_ad_on_click_outside: true, enable_offerwall: false }, {});
    expect(setup.attributes['backdrop-dismiss']).toBe(true);
    expect(setup.overrides.settings).toEqual({ offerwall_enabled: false });
  });

  it('close_delay: seconds until the close button shows, none when it is hidden anyway', () => {
    expect(unitSetup({ close_delay: 3 }, {}).attributes['close-delay']).toBe('3000');
    expect(unitSetup({ close_delay: 600 }, {}).attributes['close-delay']).toBe('60000');
    const hidden = unitSetup({ close_delay: 3, show_close: false }, {});
    expect(hidden.attributes['close-delay']).toBe(false);
    expect(hidden.notes).toEqual(['settings.close_delay: the close button is hidden; no effect']);
  });

  it('screen_margin is a margin in percent on every side, at most 15', () => {
    expect(unitSetup({ screen_margin: 5 }, {}).margin).toBe(5);
    expect(unitSetup({ screen_margin: '40' }, {}).margin).toBe(15);
    expect(unitSetup({ screen_margin: -2 }, {}).margin).toBeUndefined();
  });

  it('embedded.showHeader false removes the header text and close button', () => {
    const setup = unitSetup(
      { embedded: { enabled: true, targetElement: '#slot', showHeader: false }, show_close: true },
      { header: { text: 'Hi' } },
    );
    expect(setup.attributes).toMatchObject({ heading: '', 'hide-close': true });
  });

  it('multi_offer_unit: a list when embedded; a note in a popup', () => {
    expect(unitSetup({ multi_offer_unit: true, embedded: { targetElement: 'slot' } }, {}).layout).toBe(
      'list',
    );
    const popup = unitSetup({ multi_offer_unit: true }, {});
    expect(popup.layout).toBe('popup');
    expect(popup.notes).toEqual(['settings.multi_offer_unit: a popup shows one offer at a time']);
  });

  it('refused keys do nothing and each says why', () => {
    const setup = unitSetup(
      {
        ad_animation: 'slide',
        open_overlay_offerwall: true,
        privacy_policy: 'https://example.com/p',
        show_disclaimer: false,
        embedded: { fill_container: true, showFooter: false },
      },
      {},
    );
    expect(setup.notes.map((note) => note.split(':')[0])).toEqual([
      'settings.embedded.fill_container',
      'settings.embedded.showFooter',
      'settings.ad_animation',
      'settings.open_overlay_offerwall',
      'settings.privacy_policy',
      'settings.show_disclaimer',
    ]);
    expect(setup.notes.every((note) => note.includes(': refused, '))).toBe(true);
    expect(setup.attributes).toEqual({
      'hide-close': false,
      'backdrop-dismiss': false,
      'show-qr': false,
      delay: false,
      'close-delay': false,
    });
    expect(setup.properties).toEqual([]);
  });

  it('unknown keys, nested ones included, are noted', () => {
    const setup = unitSetup({ embedded: { enabled: true, colour: 1 }, nope: 1 }, { header: 'blue' });
    expect(setup.notes).toEqual([
      'settings.embedded.colour: unknown key, ignored',
      'settings.nope: unknown key, ignored',
      'styles.header: "blue" is not valid, ignored',
      'settings.embedded.enabled: no targetElement; a popup',
    ]);
  });
});
