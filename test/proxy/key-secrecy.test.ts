// @vitest-environment node
// The key never appears in an answer, a log entry or an error message — even when the service
// echoes the request URL in its own error messages.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { MockOffersService } from '../../src/server/mock/index.js';
import { createOffersProxy } from '../../src/server/proxy/index.js';
import type { ProxyLogEntry } from '../../src/server/proxy/index.js';
import {
  SERVER_KEY,
  SPECIAL_KEY,
  deadPort,
  postOffers,
  seen,
  startMock,
  startProxy,
  type RunningProxy,
} from './helpers.js';

let mock: MockOffersService;
let proxy: RunningProxy;

beforeAll(async () => {
  mock = await startMock();
  proxy = await startProxy({ upstream: mock.url });
});
afterAll(async () => {
  await proxy.close();
  await mock.close();
});

const echoUrl = `${'http://svc'}/native/v2/offers.json?api_key=${SERVER_KEY}`;

describe('the key stays on the server', () => {
  it.each([
    {
      name: '401 echoing the URL',
      answer: { status: 401, body: { message: `Invalid API key ${SERVER_KEY} for ${echoUrl}` } },
    },
    {
      name: '400 with the key in nested fields and keys',
      answer: { status: 400, body: { error: { url: echoUrl, [SERVER_KEY]: [SERVER_KEY] } } },
    },
    {
      name: '200 echoing it in data',
      answer: { status: 200, body: { data: { offers: [], count: 0, debug: echoUrl } } },
    },
    {
      name: 'URL-encoded spelling',
      answer: { status: 500, body: { message: encodeURIComponent(`?api_key=${SERVER_KEY}`) } },
    },
    {
      name: 'non-JSON echoing the key',
      answer: { status: 500, body: `fail ${echoUrl}`, contentType: 'text/plain' },
    },
  ])('$name', async ({ answer }) => {
    mock.queue(answer);
    const response = await postOffers(proxy);
    expect(response.text).not.toContain(SERVER_KEY);
    expect(JSON.stringify(proxy.logs)).not.toContain(SERVER_KEY);
    if (answer.status === 401) {
      expect(response.json()).toEqual({
        message: `Invalid API key *** for http://svc/native/v2/offers.json?api_key=***`,
      });
    }
  });

  it('in every spelling: raw, URL-encoded, form-encoded', async () => {
    const special = await startProxy({ upstream: mock.url, apiKey: SPECIAL_KEY });
    try {
      const ok = await postOffers(special);
      expect(ok.status).toBe(200);
      expect(mock.requests().at(-1)?.query.api_key).toBe(SPECIAL_KEY);
      const spellings = [
        SPECIAL_KEY,
        encodeURIComponent(SPECIAL_KEY),
        new URLSearchParams({ k: SPECIAL_KEY }).toString().slice(2),
      ];
      mock.queue({ status: 401, body: { message: spellings.join(' | ') } });
      const answer = await postOffers(special);
      expect(answer.json()).toEqual({ message: '*** | *** | ***' });
      for (const spelling of spellings) expect(JSON.stringify(special.logs)).not.toContain(spelling);
    } finally {
      await special.close();
    }
  });

  it('not in a duplicate JSON key (the parsed answer holds only the last one, the text both)', async () => {
    mock.queue({
      status: 400,
      body: `{"message":"bad key ${SERVER_KEY}","message":"bad key"}`,
      contentType: 'application/json',
    });
    const answer = await postOffers(proxy);
    expect(answer.status).toBe(400);
    expect(answer.text).not.toContain(SERVER_KEY);
    expect(answer.json()).toEqual({ message: 'bad key' });
  });

  it('a short key (under 8 characters) too, wherever it stands as a word of its own', async () => {
    const shortKey = 'k-42ab';
    const short = await startProxy({ upstream: mock.url, apiKey: shortKey });
    try {
      mock.queue({
        status: 401,
        body: { message: `Invalid key ${shortKey} for /native/v2/offers.json?api_key=${shortKey}&x=1` },
      });
      const answer = await postOffers(short);
      expect(answer.json()).toEqual({
        message: 'Invalid key *** for /native/v2/offers.json?api_key=***&x=1',
      });
      expect(JSON.stringify(short.logs)).not.toContain(shortKey);
      // Inside a longer word it is not the key: offers keep their text.
      mock.queue({ status: 200, body: { data: { offers: [], count: 0, note: `xk-42abz ${shortKey}` } } });
      expect((await postOffers(short)).json()).toEqual({
        data: { offers: [], count: 0, note: 'xk-42abz ***' },
      });
    } finally {
      await short.close();
    }
  });

  it('not in timeout, unreachable or validation errors', async () => {
    // Its own short deadline: the other cases keep the default, so a slow machine is no 504.
    const impatient = await startProxy({ upstream: mock.url, timeoutMs: 200 });
    try {
      mock.queue({ delayMs: 1_000 });
      expect((await postOffers(impatient)).status).toBe(504);
      expect(JSON.stringify(impatient.logs)).not.toContain(SERVER_KEY);
    } finally {
      await impatient.close();
    }
    expect((await postOffers(proxy, { query: `loyaltyboost=${SERVER_KEY}` })).status).toBe(400);
    const down = await startProxy({ upstream: `http://127.0.0.1:${await deadPort()}` });
    try {
      expect((await postOffers(down)).status).toBe(502);
    } finally {
      await down.close();
    }
  });

  it('not in the errors of bad options', () => {
    const attempts = [
      { upstream: 'not a url', apiKey: SERVER_KEY },
      { upstream: `http://127.0.0.1/?api_key=${SERVER_KEY}`, apiKey: SERVER_KEY },
      { upstream: 'http://127.0.0.1', apiKey: SERVER_KEY, timeoutMs: -1 },
      { upstream: 'http://127.0.0.1', apiKey: SERVER_KEY, allowedOrigins: ['nope'] },
    ];
    for (const options of attempts) {
      expect(() => createOffersProxy(options)).toThrow(TypeError);
      try {
        createOffersProxy(options);
      } catch (error) {
        expect(String(error)).not.toContain(SERVER_KEY);
      }
    }
  });

  it('nowhere in any answer body or log entry of the whole test file', () => {
    expect(seen.bodies.length).toBeGreaterThan(5);
    expect(seen.logs.length).toBeGreaterThan(5);
    for (const body of seen.bodies) expect(body).not.toContain(SERVER_KEY);
    const logs: ProxyLogEntry[] = seen.logs;
    expect(JSON.stringify(logs)).not.toContain(SERVER_KEY);
  });
});
