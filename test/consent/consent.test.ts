import { afterEach, describe, expect, it } from 'vitest';
import {
  forget,
  resetConsentForTests,
  resolveConsent,
  setConsent,
  storageAllowed,
} from '../../src/consent/consent.js';
import { ADPX_FP_STORAGE_KEY, getAdpxFingerprint } from '../../src/client/fingerprint.js';
import { CmpApi, CmpApiModel } from '@iabtechlabtcf/cmpapi';
import { gppTcfEu, gppUsnat, tcString } from './strings.js';
import { withConsent } from '../../src/consent/apply.js';
import { deliverBeacon } from '../../src/tracking/beacon.js';
import type { FetchOffersOptions } from '../../src/options/fetch-options.js';
import { defineElements } from '../../src/elements/registry.js';

type Stub = (command: string, version: number, callback: (data: unknown, ok: boolean) => void) => void;
type GppStub = (command: string, callback: (data: unknown, ok: boolean) => void) => unknown;
const page = window as unknown as { __tcfapi?: Stub; __uspapi?: Stub; __gpp?: GppStub };

/**
 * The IAB's TCF CMP API (`@iabtechlabtcf/cmpapi`) on the page: it installs `__tcfapi`; its
 * `update(tcString, uiVisible)` is what a CMP calls (the first without the banner: `tcloaded`; with
 * it: `cmpuishown`; after: `useractioncomplete`). Hand-written platforms below are the cases it
 * cannot be: a CMP that fails, throws or never answers, and other CMPs' GPP answers.
 */
const iabCmp = () => new CmpApi(300, 2, true);

afterEach(() => {
  CmpApiModel.reset();
  resetConsentForTests();
  delete page.__tcfapi;
  delete page.__uspapi;
  delete page.__gpp;
  localStorage.clear();
  sessionStorage.clear();
});

describe('the consent state', () => {
  it('setConsent({ storage: false }) deletes the id and every adpx: key, and keeps the page’s own keys', () => {
    getAdpxFingerprint();
    localStorage.setItem('adpx:prefetch:v1:abc', '{}');
    sessionStorage.setItem('adpx:x', '1');
    localStorage.setItem('shop-cart', '3 items');
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).not.toBeNull();
    setConsent({ storage: false });
    expect(storageAllowed()).toBe(false);
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBeNull();
    expect(localStorage.getItem('adpx:prefetch:v1:abc')).toBeNull();
    expect(sessionStorage.getItem('adpx:x')).toBeNull();
    expect(localStorage.getItem('shop-cart')).toBe('3 items');
  });

  it('a refusal set on a unit’s consent property deletes the id at the unit’s update, before any request', async () => {
    defineElements(customElements);
    getAdpxFingerprint();
    const unit = document.createElement('adpx-offers');
    unit.setAttribute('manual', '');
    document.body.append(unit);
    unit.consent = { storage: false };
    await unit.updateComplete;
    expect(storageAllowed()).toBe(false);
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBeNull();
    unit.remove();
  });

  it('forget() deletes what was stored and a new id is made only when asked again', () => {
    const first = getAdpxFingerprint();
    forget();
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBeNull();
    expect(getAdpxFingerprint()).not.toBe(first);
  });

  it('drops keys of the wrong type and unknown keys, with a debug line each', () => {
    const lines: string[] = [];
    setConsent({ gdprApplies: 'yes', storage: false, colour: 'red' }, (line) => lines.push(line));
    expect(lines.some((l) => l.includes('consent.gdprApplies must be a boolean'))).toBe(true);
    expect(lines.some((l) => l.includes('consent.colour is not a consent key'))).toBe(true);
    expect(storageAllowed()).toBe(false);
  });

  it('an explicit value wins over the page’s CMP, and no CMP is waited for', () => {
    let asked = 0;
    page.__tcfapi = () => void asked++;
    setConsent({ gdprApplies: true, tcString: tcString(true) });
    const decision = resolveConsent(5_000);
    // Nothing to wait for: the decision itself, not a promise (the request leaves in this task).
    expect(decision).not.toBeInstanceOf(Promise);
    expect(decision).toMatchObject({ storage: true, body: { gdpr: '1' } });
    expect(asked).toBe(0);
  });

  it('no consent platform on the page: the decision at once, not a promise', () => {
    const decision = resolveConsent(5_000);
    expect(decision).not.toBeInstanceOf(Promise);
    expect(decision).toMatchObject({ storage: true, body: {} });
  });

  it('a platform that has answered for good is not waited for', () => {
    const cmp = iabCmp();
    cmp.update(tcString(true));
    expect(resolveConsent(5_000)).toMatchObject({ storage: true, body: { gdpr: '1' } });
  });
});

describe('the page’s consent platform', () => {
  it('TCF: waits through the banner for the final answer, then refuses without purpose 1', async () => {
    const cmp = iabCmp();
    const pending = resolveConsent(5_000);
    expect(pending).toBeInstanceOf(Promise);
    cmp.update('', true);
    let decided = false;
    void Promise.resolve(pending).then(() => (decided = true));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(decided).toBe(false);
    cmp.update(tcString(false));
    const decision = await pending;
    expect(decision.storage).toBe(false);
    expect(decision.body).toEqual({ gdpr: '1', gdpr_consent: tcString(false) });
  });

  it('TCF: GDPR does not apply (update(null)): allowed, gdpr=0', async () => {
    iabCmp().update(null);
    const decision = await resolveConsent(5_000);
    expect(decision).toMatchObject({ storage: true, body: { gdpr: '0' } });
  });

  it('a CMP that never answers: restrictive after the timeout', async () => {
    page.__tcfapi = () => undefined;
    const decision = await resolveConsent(20);
    expect(decision.storage).toBe(false);
    expect(decision.reason).toContain('did not answer in time');
  });

  it('US Privacy: an opt-out refuses storage and is sent', async () => {
    page.__uspapi = (_command, _version, callback) => callback({ version: 1, uspString: '1YYN' }, true);
    const decision = await resolveConsent(1_000);
    expect(decision).toMatchObject({ storage: false, body: { us_privacy: '1YYN' } });
  });
});

describe('a GPP-only platform whose EU TCF section applies', () => {
  /** A GPP 1.1 stub answering `ping` with `ping` (signalStatus ready). */
  const gppPlatform = (ping: object) => {
    page.__gpp = (command, callback) => {
      if (command === 'ping') callback({ signalStatus: 'ready', ...ping }, true);
    };
  };

  it('reads purpose 1 from parsedSections, sends gdpr=1 and the section’s TC string', async () => {
    const tc = tcString([2, 3]);
    const gpp = gppTcfEu(tc);
    gppPlatform({
      gppString: gpp,
      applicableSections: [2],
      parsedSections: { tcfeuv2: [{ PurposeConsent: [false] }] },
    });
    const decision = await resolveConsent(1_000);
    expect(decision).toMatchObject({
      storage: false,
      body: { gdpr: '1', gdpr_consent: tc, gpp, gpp_sid: '2' },
    });
  });

  it('parsedSections that grant purpose 1 allow storage', async () => {
    gppPlatform({
      gppString: '',
      applicableSections: [2],
      parsedSections: { tcfeuv2: { PurposeConsents: [true] } },
    });
    expect((await resolveConsent(1_000)).storage).toBe(true);
  });

  it('no parsedSections and no readable section: refused', async () => {
    gppPlatform({ gppString: '', applicableSections: [2] });
    const decision = await resolveConsent(1_000);
    expect(decision.storage).toBe(false);
    expect(decision.body.gdpr).toBe('1');
  });
});

describe('a GPP 1.0 platform (no signalStatus; decision 008)', () => {
  interface Gpp10State {
    cmpStatus: 'stub' | 'loading' | 'loaded' | 'error';
    cmpDisplayStatus: 'hidden' | 'visible' | 'disabled';
    gppString: string;
    applicableSections: number[];
  }
  /**
   * A CMP as the GPP 1.0 spec describes it (no IAB package implements 1.0 any more):
   * `ping` returns its PingReturn (`gppVersion: '1.0'`, `cmpStatus`, `cmpDisplayStatus`,
   * `supportedAPIs`, `cmpId`) and does not call back; `getGPPData` returns `sectionList`,
   * `applicableSections`, `gppString` and `pingData`; `addEventListener` calls back with
   * `{ eventName, listenerId, data, pingData }`: `listenerRegistered` at once, then `cmpStatus`,
   * `cmpDisplayStatus` and `sectionChange` as `fire` says.
   */
  function gpp10(initial: Gpp10State) {
    const state = { ...initial };
    const listeners: Array<(data: unknown, ok: boolean) => void> = [];
    let dataCalls = 0;
    const pingData = () => ({
      gppVersion: '1.0',
      cmpStatus: state.cmpStatus,
      cmpDisplayStatus: state.cmpDisplayStatus,
      supportedAPIs: ['usnat'],
      cmpId: 31,
    });
    page.__gpp = (command, callback) => {
      if (command === 'ping') return pingData();
      if (command === 'getGPPData') {
        dataCalls++;
        return {
          sectionList: state.gppString ? [7] : [],
          applicableSections: state.applicableSections,
          gppString: state.gppString,
          pingData: pingData(),
        };
      }
      if (command === 'addEventListener') {
        listeners.push(callback);
        callback({ eventName: 'listenerRegistered', listenerId: 1, data: true, pingData: pingData() }, true);
        return undefined;
      }
      return undefined;
    };
    return {
      dataCalls: () => dataCalls,
      fire(eventName: string, data: unknown, changes: Partial<Gpp10State> = {}) {
        Object.assign(state, changes);
        for (const listener of listeners)
          listener({ eventName, listenerId: 1, data, pingData: pingData() }, true);
      },
    };
  }
  const loaded = (gppString: string): Gpp10State => ({
    cmpStatus: 'loaded',
    cmpDisplayStatus: 'hidden',
    gppString,
    applicableSections: [7],
  });

  it('loaded, no banner: decided at once from getGPPData, not after consentTimeout', async () => {
    const gpp = gppUsnat(1, 2, 2);
    gpp10(loaded(gpp));
    const decision = await resolveConsent(2_000);
    expect(decision.reason).not.toContain('in time');
    expect(decision).toMatchObject({ storage: false, body: { gpp, gpp_sid: '7' } });
    expect(decision.reason).toContain('usnat');
  });

  it('loaded, no banner, no opt-out: storage allowed, and the decision is not a promise', () => {
    gpp10(loaded(gppUsnat(2, 2, 2)));
    const decision = resolveConsent(2_000);
    expect(decision).not.toBeInstanceOf(Promise);
    expect(decision).toMatchObject({ storage: true, body: { gpp_sid: '7' } });
  });

  it('loading, then the banner: waits for the visitor’s choice (sectionChange)', async () => {
    const cmp = gpp10({ ...loaded(''), cmpStatus: 'loading' });
    const pending = resolveConsent(3_000);
    expect(pending).toBeInstanceOf(Promise);
    let decided = false;
    void Promise.resolve(pending).then(() => (decided = true));
    cmp.fire('cmpStatus', 'loaded', { cmpStatus: 'loaded', cmpDisplayStatus: 'visible' });
    cmp.fire('cmpDisplayStatus', 'visible');
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(decided).toBe(false);
    const gpp = gppUsnat(2, 2, 1);
    cmp.fire('sectionChange', 'usnat', { gppString: gpp });
    const decision = await pending;
    expect(decision.reason).not.toContain('in time');
    expect(decision).toMatchObject({ storage: false, body: { gpp } });
  });

  it('the banner closing (cmpDisplayStatus hidden) gives the answer too', async () => {
    const cmp = gpp10({ ...loaded(''), cmpDisplayStatus: 'visible' });
    const pending = resolveConsent(3_000);
    expect(pending).toBeInstanceOf(Promise);
    cmp.fire('cmpDisplayStatus', 'hidden', { cmpDisplayStatus: 'hidden', gppString: gppUsnat(2, 2, 2) });
    const decision = await pending;
    expect(decision).toMatchObject({ storage: true, body: { gpp_sid: '7' } });
  });

  it.each<[string, Partial<Gpp10State>]>([
    ['a banner left open', { cmpDisplayStatus: 'visible' }],
    ['cmpStatus error', { cmpStatus: 'error' }],
    ['a CMP still loading', { cmpStatus: 'loading' }],
  ])('%s: no answer, restrictive after the timeout', async (_name, changes) => {
    const cmp = gpp10({ ...loaded(gppUsnat(2, 2, 2)), ...changes });
    const decision = await resolveConsent(20);
    expect(decision.storage).toBe(false);
    expect(decision.reason).toContain('did not answer in time');
    expect(cmp.dataCalls()).toBe(0);
  });

  it('a reopened banner leaves the last answer standing; the next choice applies at once', async () => {
    const cmp = gpp10(loaded(gppUsnat(2, 2, 2)));
    expect((await resolveConsent(2_000)).storage).toBe(true);
    getAdpxFingerprint();
    cmp.fire('cmpDisplayStatus', 'visible', { cmpDisplayStatus: 'visible' });
    expect(storageAllowed()).toBe(true);
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).not.toBeNull();
    cmp.fire('sectionChange', 'usnat', { gppString: gppUsnat(1, 1, 1) });
    expect(storageAllowed()).toBe(false);
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBeNull();
  });
});

describe('consent that changes, fails or arrives late', () => {
  type Listener = (data: unknown, ok: boolean) => void;
  /** A TCF platform that fails: its answers are given by the test through the returned function. */
  function failingPlatform(): (data: unknown, ok: boolean) => void {
    let listener: Listener | undefined;
    page.__tcfapi = (_command, _version, callback) => void (listener = callback);
    return (data, ok) => listener?.(data, ok);
  }

  it('a withdrawal in the CMP after the first request deletes the id at once', async () => {
    const cmp = iabCmp();
    const first = resolveConsent(5_000);
    cmp.update(tcString(true));
    expect((await first).storage).toBe(true);
    getAdpxFingerprint();
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).not.toBeNull();
    cmp.update(tcString(true), true);
    expect(storageAllowed()).toBe(true);
    cmp.update(tcString(false));
    expect(storageAllowed()).toBe(false);
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBeNull();
  });

  it('setConsent({ storage: false }) while the first request waits for the CMP wins', async () => {
    const cmp = iabCmp();
    const pending = resolveConsent(5_000);
    setConsent({ storage: false });
    cmp.update(tcString(true));
    expect((await pending).storage).toBe(false);
    expect(storageAllowed()).toBe(false);
  });

  it('a storage refusal of the wrong type reads as false; a consent with no valid key is no consent', async () => {
    setConsent({ storage: 'false' });
    expect(storageAllowed()).toBe(false);
    const cmp = iabCmp();
    setConsent('yes');
    const pending = resolveConsent(5_000);
    cmp.update(tcString(false));
    expect((await pending).reason).toContain('purpose 1');
  });

  it('a failing or throwing CMP never grants storage, and nothing rejects', async () => {
    const answer = failingPlatform();
    const pending = resolveConsent(20);
    answer(null, false);
    expect((await pending).storage).toBe(false);
    resetConsentForTests();
    page.__tcfapi = () => {
      throw new Error('CMP bug');
    };
    const decision = await resolveConsent(20);
    expect(decision.storage).toBe(false);
  });

  it('a CMP that appears after the first request is asked by the next one', async () => {
    expect((await resolveConsent(20)).storage).toBe(true);
    const cmp = iabCmp();
    const pending = resolveConsent(5_000);
    cmp.update(tcString(false));
    expect((await pending).storage).toBe(false);
  });

  it('the banner reopened (cmpuishown) after a final answer changes nothing: the next request keeps the id', async () => {
    const cmp = iabCmp();
    const first = resolveConsent(5_000);
    cmp.update(tcString(true));
    expect((await first).storage).toBe(true);
    const id = getAdpxFingerprint();
    cmp.update(tcString(true), true);
    const second = await resolveConsent(5_000);
    expect(second.storage).toBe(true);
    expect(second.reason).toContain('allows it');
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBe(id);
    // The visitor then withdraws (useractioncomplete): applied at once.
    cmp.update(tcString(false));
    expect(storageAllowed()).toBe(false);
    expect(localStorage.getItem(ADPX_FP_STORAGE_KEY)).toBeNull();
  });

  it('before any request (a response the host supplied), a beacon asks the page’s platform: no cookies until it grants', async () => {
    const credentials = async () => {
      let sent: RequestCredentials | undefined;
      const fetch = async (_url: RequestInfo | URL, init?: RequestInit) => {
        sent = init?.credentials;
        return new Response(null, { status: 200 });
      };
      await deliverBeacon('https://svc.test/beacon/pixel/1', { fetch });
      return sent;
    };
    const cmp = iabCmp();
    // The CMP has not answered yet: restrictive until it does.
    expect(storageAllowed()).toBe(false);
    expect(await credentials()).toBe('omit');
    cmp.update(tcString(false));
    expect(storageAllowed()).toBe(false);
    expect(await credentials()).toBe('omit');
    cmp.update(tcString(true));
    expect(storageAllowed()).toBe(true);
    expect(await credentials()).toBe('include');
  });

  it('setConsent(undefined) before any request does not take the page’s platform, unasked, as allowing', () => {
    const cmp = iabCmp();
    cmp.update(tcString(false));
    setConsent(undefined);
    expect(storageAllowed()).toBe(false);
  });

  it('setConsent(undefined) goes back to what the CMP said, not to allowed', async () => {
    const cmp = iabCmp();
    const first = resolveConsent(5_000);
    cmp.update(tcString(false));
    expect((await first).storage).toBe(false);
    setConsent({ storage: true });
    expect(storageAllowed()).toBe(true);
    setConsent(undefined);
    expect(storageAllowed()).toBe(false);
  });
});

describe('withConsent', () => {
  const options: Omit<FetchOffersOptions, 'signal'> = {
    endpoint: 'https://offers.example',
    apiKey: 'k',
    placement: 'checkout',
    pubUserId: 'u-1',
    payload: { pub_user_id: 'u-2', email: 'a@example.com' },
  };

  it('refused: no pub_user_id from the options or the payload, no adpx_fp; the user payload is kept', async () => {
    setConsent({ storage: false });
    const allowed = await withConsent(options, 0);
    expect(allowed.pubUserId).toBeUndefined();
    expect(allowed.payload).not.toHaveProperty('pub_user_id');
    expect(allowed.payload).toMatchObject({ email: 'a@example.com' });
    expect(allowed.adpxFp).toBe(false);
  });

  it('allowed: the publisher’s id goes as given', async () => {
    setConsent({ storage: true });
    const allowed = await withConsent(options, 0);
    expect(allowed.pubUserId).toBe('u-1');
    expect(allowed.payload).toMatchObject({ pub_user_id: 'u-2' });
    expect(allowed.adpxFp).toBeUndefined();
  });
});
