import { afterEach, describe, expect, it, vi } from 'vitest';
import type { AdpxOffersElement } from '../../src/elements/adpx-offers.js';
import { UnitStatus } from '../../src/elements/unit/status.js';
import { ShowSession } from '../../src/script-api/show-session.js';
import { unitSetup } from '../../src/script-api/unit-options.js';

/** A stand-in unit: an element whose `show()` succeeds and puts it in the `shown` state. */
function fakeUnit(): AdpxOffersElement {
  const element = document.createElement('div') as unknown as AdpxOffersElement;
  Object.assign(element, {
    state: UnitStatus.Ready,
    show: () => {
      Object.assign(element, { state: UnitStatus.Shown });
      return true;
    },
  });
  return element;
}

describe('ShowSession: the launcher settings applied at show time', () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it('close_delay hides the close button until N seconds after the show', async () => {
    vi.useFakeTimers();
    const unit = fakeUnit();
    const session = new ShowSession(() => window);
    expect(await session.show(unit, unitSetup({ close_delay: 2 }, {}), {})).toBe('shown');
    expect(unit.hasAttribute('hide-close')).toBe(true);
    vi.advanceTimersByTime(1999);
    expect(unit.hasAttribute('hide-close')).toBe(true);
    vi.advanceTimersByTime(1);
    expect(unit.hasAttribute('hide-close')).toBe(false);
  });

  it('a close before the delay stops it: the button is not shown on a closed unit', async () => {
    vi.useFakeTimers();
    const unit = fakeUnit();
    const session = new ShowSession(() => window);
    await session.show(unit, unitSetup({ close_delay: 2 }, {}), {});
    session.onEvent('closed_ads', { reason: 'api' });
    vi.advanceTimersByTime(5000);
    expect(unit.hasAttribute('hide-close')).toBe(true);
  });

  it('without close_delay the close button is left alone', async () => {
    const unit = fakeUnit();
    await new ShowSession(() => window).show(unit, unitSetup({}, {}), {});
    expect(unit.hasAttribute('hide-close')).toBe(false);
  });

  it('screen_margin sets the popup insets; a show position wins', async () => {
    const unit = fakeUnit();
    const win = {
      innerWidth: 400,
      innerHeight: 800,
      addEventListener: () => {},
      removeEventListener: () => {},
    };
    const session = new ShowSession(() => win as unknown as Window);
    await session.show(unit, unitSetup({ screen_margin: 10 }, {}), {});
    expect(unit.style.getPropertyValue('--adpx-inset-left')).toBe('40px');
    await session.show(unit, unitSetup({ screen_margin: 10 }, {}), { position: { leftMargin: 5 } });
    expect(unit.style.getPropertyValue('--adpx-inset-left')).toBe('20px');
    expect(unit.style.getPropertyValue('--adpx-inset-top')).toBe('0px');
  });

  it('callbacks follow the unit state: errors while shown, dismiss once, nothing after closed_ads', async () => {
    const unit = fakeUnit();
    const session = new ShowSession(() => window);
    const errorCallback = vi.fn();
    const dismissCallback = vi.fn();
    const showCallback = vi.fn();
    session.onEvent('error', { message: 'before', code: 'render' });
    await session.show(unit, unitSetup({}, {}), {
      callbacks: { errorCallback, dismissCallback, showCallback },
    });
    session.onEvent('offer_shown', { current: 1, total: 2, offer_id: 'a' });
    session.onEvent('error', { message: 'while shown', code: 'render' });
    Object.assign(unit, { state: UnitStatus.Closed });
    session.onEvent('closed_ads', { reason: 'user' });
    session.onEvent('error', { message: 'after', code: 'render' });
    session.onEvent('closed_ads', { reason: 'api' });
    session.onEvent('offer_shown', { current: 1, total: 2, offer_id: 'a' });
    expect(dismissCallback).toHaveBeenCalledTimes(1);
    expect(errorCallback.mock.calls).toEqual([[{ message: 'while shown', code: 'render' }]]);
    expect(dismissCallback).toHaveBeenCalledWith({ reason: 'user' });
    expect(showCallback).toHaveBeenCalledTimes(1);
  });
});
