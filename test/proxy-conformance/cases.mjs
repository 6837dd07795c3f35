// The conformance table: what the offers proxy must do on every runtime. Each case gets
// `{ endpoint, mock, settings }` (the proxy under test, the mock offers service behind it and the
// settings the proxy was started with) and throws when the runtime's answer is wrong. The mock is
// what the service RECEIVED: keys and addresses are checked there, not in what the proxy says.
// Cases run one after another (scripted mock answers are first in, first out).
import assert from 'node:assert/strict';
import { request } from 'node:http';

export const SERVER_KEY = 'srv-key-7f3a9c21e4b8';
export const BROWSER_KEY = 'browser-placeholder';
export const ALLOWED_ORIGIN = 'https://shop.example';
const OFFERS = '/native/v2/offers.json';

/** The settings every runtime's proxy is started with. */
export const SETTINGS = {
  apiKey: SERVER_KEY,
  allowedOrigins: [ALLOWED_ORIGIN],
  trustProxy: 1,
  maxBodyBytes: 4096,
  timeoutMs: 1500,
};

/** POSTs JSON to the offers path; resolves with status, headers and body text. */
async function post(
  ctx,
  { body = { placement: 'checkout' }, headers = {}, query = `api_key=${BROWSER_KEY}` } = {},
) {
  const response = await fetch(`${ctx.endpoint}${OFFERS}?${query}`, {
    method: 'POST',
    headers: { 'Content-Type': 'application/json', ...headers },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  });
  return { status: response.status, headers: response.headers, text: await response.text() };
}

/**
 * A JSON error answer with this status and a non-empty `message` (and, made by the proxy, a `code`);
 * the key is nowhere in it.
 */
function assertJsonError(answer, status, { fromService = false } = {}) {
  assert.equal(answer.status, status, answer.text);
  assert.match(answer.headers.get('content-type') ?? '', /^application\/json/);
  const { code, message } = JSON.parse(answer.text);
  if (!fromService) assert.match(code, /^[a-z_]+$/, answer.text);
  assert.equal(typeof message, 'string');
  assert.ok(message.length > 0);
  assertNoKey(answer);
  return message;
}

function assertNoKey(answer) {
  assert.ok(!answer.text.includes(SERVER_KEY), `key in body: ${answer.text}`);
  for (const [name, value] of answer.headers) assert.ok(!value.includes(SERVER_KEY), `key in ${name}`);
}

/** A raw request: `chunks` are written one by one (chunked), each only while no answer came. */
function rawPost(ctx, { chunks, headers }) {
  const url = new URL(`${ctx.endpoint}${OFFERS}`);
  return new Promise((resolve, reject) => {
    let answered = false;
    let sentBytes = 0;
    const req = request(
      { host: url.hostname, port: url.port, path: url.pathname, method: 'POST', headers, agent: false },
      (res) => {
        answered = true;
        let text = '';
        res.setEncoding('utf8').on('data', (chunk) => (text += chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: new Headers(res.headers), text, sentBytes }),
        );
      },
    );
    req.on('error', (error) => !answered && reject(error));
    const next = (index) => {
      if (answered || req.destroyed) return;
      if (index === chunks.length) return req.end();
      sentBytes += chunks[index].length;
      req.write(chunks[index], () => setTimeout(() => next(index + 1), 5));
    };
    if (chunks.length === 0) req.flushHeaders();
    else next(0);
  });
}

const lastRequest = (mock) => {
  const record = mock.requests().at(-1);
  assert.ok(record, 'the service received no request');
  return record;
};

/** The cases, in the order they run. */
export const CASES = [
  {
    name: 'key injected server-side, client key (query and body) ignored',
    async run(ctx) {
      const answer = await post(ctx, { body: { placement: 'checkout', api_key: 'from-page' } });
      assert.equal(answer.status, 200, answer.text);
      assert.ok(Array.isArray(JSON.parse(answer.text).data.offers));
      const record = lastRequest(ctx.mock);
      assert.equal(record.query.api_key, SERVER_KEY);
      assert.ok(!JSON.stringify(record.body).includes('from-page'));
      assert.equal(record.body.placement, 'checkout');
      assertNoKey(answer);
    },
  },
  {
    name: 'key never echoed: a service answer holding the key reaches the page redacted',
    async run(ctx) {
      ctx.mock.queue({ status: 401, body: { message: `Unknown api_key ${SERVER_KEY}` } });
      const message = assertJsonError(await post(ctx), 401, { fromService: true });
      assert.match(message, /\*\*\*/);
    },
  },
  {
    name: '400 JSON for a body that is not JSON, or not an object',
    async run(ctx) {
      assertJsonError(await post(ctx, { body: '{"placement":' }), 400);
      assertJsonError(await post(ctx, { body: '[1,2]' }), 400);
    },
  },
  {
    name: '403 JSON for an origin not allowed; nothing reaches the service',
    async run(ctx) {
      const before = ctx.mock.requests().length;
      const answer = await post(ctx, { headers: { Origin: 'https://evil.example' } });
      assertJsonError(answer, 403);
      assert.equal(answer.headers.get('access-control-allow-origin'), null);
      assert.equal(ctx.mock.requests().length, before);
    },
  },
  {
    name: '405 JSON for GET, with Allow',
    async run(ctx) {
      const response = await fetch(`${ctx.endpoint}${OFFERS}`);
      const answer = { status: response.status, headers: response.headers, text: await response.text() };
      assertJsonError(answer, 405);
      assert.match(answer.headers.get('allow') ?? '', /POST/);
    },
  },
  {
    name: '413 JSON for a body over maxBodyBytes (declared length, refused before it is sent)',
    async run(ctx) {
      const answer = await rawPost(ctx, {
        chunks: [],
        headers: {
          'Content-Type': 'application/json',
          'Content-Length': String(ctx.settings.maxBodyBytes + 1),
        },
      });
      assertJsonError(answer, 413);
    },
  },
  {
    name: 'body size limit on a streamed (chunked) body: 413 while it streams, 10 MB never travel',
    async run(ctx) {
      const chunk = ' '.repeat(8 * 1024);
      const chunks = ['{"placement":"', ...Array.from({ length: 1280 }, () => chunk), '"}'];
      const answer = await rawPost(ctx, {
        chunks,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      });
      assertJsonError(answer, 413);
      assert.ok(answer.sentBytes < 1024 * 1024, `${answer.sentBytes} bytes were sent before the 413`);
      assert.equal(ctx.mock.requests().length, 0);
    },
  },
  {
    name: 'streamed (chunked) body within the limit is forwarded whole',
    async run(ctx) {
      const chunks = ['{"placement":', '"stream', 'ed-checkout"', '}'];
      const answer = await rawPost(ctx, {
        chunks,
        headers: { 'Content-Type': 'application/json', 'Transfer-Encoding': 'chunked' },
      });
      assert.equal(answer.status, 200, answer.text);
      assert.equal(lastRequest(ctx.mock).body.placement, 'streamed-checkout');
    },
  },
  {
    name: 'streaming answer: a slow service answer (under the timeout) arrives whole',
    async run(ctx) {
      ctx.mock.queue({ delayMs: 300, body: { data: [], note: 'x'.repeat(200_000) } });
      const answer = await post(ctx);
      assert.equal(answer.status, 200);
      assert.equal(JSON.parse(answer.text).note.length, 200_000);
    },
  },
  {
    name: '502 JSON when the service drops the connection, answers non-JSON or redirects',
    async run(ctx) {
      ctx.mock.queue({ status: 503, body: '<html>maintenance</html>', contentType: 'text/html' });
      assertJsonError(await post(ctx), 502);
      ctx.mock.queue({ status: 302, body: { message: 'moved' } });
      assertJsonError(await post(ctx), 502);
      // Deno's fetch (hyper) sends a request again, once, when its pooled connection closed before
      // any answer: the second drop is for that retry (a runtime that does not retry leaves it queued).
      ctx.mock.queue({ destroy: true });
      ctx.mock.queue({ destroy: true });
      assertJsonError(await post(ctx), 502);
    },
  },
  {
    name: '504 JSON when the service answers after timeoutMs',
    async run(ctx) {
      ctx.mock.queue({ delayMs: ctx.settings.timeoutMs + 1000 });
      assertJsonError(await post(ctx), 504);
    },
  },
  {
    name: 'CORS: preflight 204 and Allow-Origin on answers and errors for an allowed origin',
    async run(ctx) {
      const preflight = await fetch(`${ctx.endpoint}${OFFERS}`, {
        method: 'OPTIONS',
        headers: {
          Origin: ALLOWED_ORIGIN,
          'Access-Control-Request-Method': 'POST',
          'Access-Control-Request-Headers': 'content-type',
        },
      });
      assert.equal(preflight.status, 204);
      assert.equal(preflight.headers.get('access-control-allow-origin'), ALLOWED_ORIGIN);
      assert.match(preflight.headers.get('access-control-allow-methods') ?? '', /POST/);
      assert.match(
        (preflight.headers.get('access-control-allow-headers') ?? '').toLowerCase(),
        /content-type/,
      );
      const ok = await post(ctx, { headers: { Origin: ALLOWED_ORIGIN } });
      assert.equal(ok.status, 200);
      assert.equal(ok.headers.get('access-control-allow-origin'), ALLOWED_ORIGIN);
      assert.match(ok.headers.get('vary') ?? '', /Origin/i);
      const error = await post(ctx, { headers: { Origin: ALLOWED_ORIGIN }, body: '"x"' });
      assertJsonError(error, 400);
      assert.equal(error.headers.get('access-control-allow-origin'), ALLOWED_ORIGIN);
    },
  },
  {
    name: 'trustProxy: 1 takes the address the trusted proxy appended, not a forged leftmost one nor the body’s',
    async run(ctx) {
      await post(ctx, {
        body: { placement: 'checkout', ip: '203.0.113.66' },
        headers: { 'X-Forwarded-For': '203.0.113.9, 198.51.100.7', 'User-Agent': 'Conf-UA/1' },
      });
      const record = lastRequest(ctx.mock);
      assert.equal(record.body.ip, '198.51.100.7');
      assert.equal(record.body.ua, 'Conf-UA/1');
    },
  },
];
