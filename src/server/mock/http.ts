import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request bodies above this are answered 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** After this many bytes of an oversized body the connection is dropped instead of drained. */
const MAX_DRAIN_BYTES = 16 * MAX_BODY_BYTES;

export const JSON_TYPE = 'application/json; charset=utf-8';

/** Outcome of reading a request body. */
export type BodyResult =
  { ok: true; text: string } | { ok: false; reason: 'too_large' } | { ok: false; reason: 'aborted' };

/** Reads the body as UTF-8, keeping at most {@link MAX_BODY_BYTES}; never rejects. */
export function readBody(req: IncomingMessage, limit = MAX_BODY_BYTES): Promise<BodyResult> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let done = false;
    const finish = (result: BodyResult): void => {
      if (done) return;
      done = true;
      resolve(result);
    };
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= limit) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) {
        req.pause();
        finish({ ok: false, reason: 'too_large' });
      }
    });
    req.on('end', () =>
      finish(
        size > limit
          ? { ok: false, reason: 'too_large' }
          : { ok: true, text: Buffer.concat(chunks).toString('utf8') },
      ),
    );
    req.on('error', () => finish({ ok: false, reason: 'aborted' }));
    req.on('close', () => finish({ ok: false, reason: 'aborted' }));
  });
}

/** Answers with a body; `Content-Length` is set, and HEAD requests get the headers only. */
export function send(
  res: ServerResponse,
  status: number,
  body: string | Buffer,
  headers: Record<string, string> = {},
): void {
  if (res.headersSent || res.destroyed) return;
  const buffer = typeof body === 'string' ? Buffer.from(body, 'utf8') : body;
  res.writeHead(status, { ...headers, 'Content-Length': String(buffer.length) });
  res.end(buffer);
}

/** Answers JSON, never cached. */
export function sendJson(
  res: ServerResponse,
  status: number,
  value: unknown,
  headers: Record<string, string> = {},
): void {
  send(res, status, JSON.stringify(value), {
    'Content-Type': JSON_TYPE,
    'Cache-Control': 'no-store',
    ...headers,
  });
}

/** Answers `{ message }` with an error status. */
export function sendError(
  res: ServerResponse,
  status: number,
  message: string,
  headers: Record<string, string> = {},
): void {
  sendJson(res, status, { message }, headers);
}

/** Methods the mock answers to, for `Allow` and preflight answers. */
export const ALLOWED_METHODS = 'GET, HEAD, POST, OPTIONS';

const TOKEN_LIST = /^[A-Za-z0-9!#$%&'*+.^_`|~-]+(\s*,\s*[A-Za-z0-9!#$%&'*+.^_`|~-]+)*$/;

/** CORS headers for every answer: the Origin echoed (or `*`). */
export function applyCors(req: IncomingMessage, res: ServerResponse): void {
  const origin = req.headers.origin;
  res.setHeader('Access-Control-Allow-Origin', origin ?? '*');
  if (origin) res.setHeader('Access-Control-Allow-Credentials', 'true');
  res.setHeader('Vary', 'Origin');
  res.setHeader('Cross-Origin-Resource-Policy', 'cross-origin');
}

/** Answers a CORS preflight: 204 with the allowed methods and headers. */
export function answerPreflight(req: IncomingMessage, res: ServerResponse): void {
  const asked = req.headers['access-control-request-headers'];
  const headers: Record<string, string> = {
    'Access-Control-Allow-Methods': ALLOWED_METHODS,
    'Access-Control-Allow-Headers': asked && TOKEN_LIST.test(asked) ? asked : 'Content-Type, Accept',
    'Access-Control-Max-Age': '600',
  };
  // Chrome's Private Network Access asks before a public page may call a loopback server.
  if (req.headers['access-control-request-private-network'] === 'true') {
    headers['Access-Control-Allow-Private-Network'] = 'true';
  }
  res.writeHead(204, headers);
  res.end();
}

/** Escapes text for HTML element content and attribute values. */
export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => HTML_ENTITIES[c] ?? c);
}

const HTML_ENTITIES: Readonly<Record<string, string>> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};
