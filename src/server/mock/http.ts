import type { IncomingMessage, ServerResponse } from 'node:http';

/** Request bodies above this are answered 413. */
export const MAX_BODY_BYTES = 64 * 1024;

/** After this many bytes of an oversized body the connection is dropped instead of drained. */
const MAX_DRAIN_BYTES = 16 * MAX_BODY_BYTES;

export const JSON_TYPE = 'application/json; charset=utf-8';

/**
 * Reads the body as UTF-8, keeping at most {@link MAX_BODY_BYTES}; never rejects. A body over the
 * limit is answered 413 and one the client abandoned drops the socket: both give `undefined`.
 */
export async function readBody(req: IncomingMessage, res: ServerResponse): Promise<string | undefined> {
  const read = await new Promise<Buffer | 'too_large' | 'aborted'>((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    req.on('data', (chunk: Buffer) => {
      size += chunk.length;
      if (size <= MAX_BODY_BYTES) chunks.push(chunk);
      else if (size > MAX_DRAIN_BYTES) {
        req.pause();
        resolve('too_large');
      }
    });
    req.on('end', () => resolve(size > MAX_BODY_BYTES ? 'too_large' : Buffer.concat(chunks)));
    req.on('error', () => resolve('aborted'));
    req.on('close', () => resolve('aborted'));
  });
  if (typeof read !== 'string') return read.toString('utf8');
  if (read === 'too_large')
    sendError(res, 413, 'Request body is larger than 64 KiB', { Connection: 'close' });
  else res.destroy();
  return undefined;
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
