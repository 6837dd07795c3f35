import { createReadStream } from 'node:fs';
import { realpath, stat } from 'node:fs/promises';
import { extname, isAbsolute, relative, resolve } from 'node:path';
import { pipeline } from 'node:stream/promises';
import type { RouteContext } from './context.js';
import { sendError } from './http.js';

const CONTENT_TYPES: Readonly<Record<string, string>> = {
  '.html': 'text/html; charset=utf-8',
  '.htm': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.txt': 'text/plain; charset=utf-8',
  '.png': 'image/png',
  '.svg': 'image/svg+xml',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.ico': 'image/x-icon',
  '.woff2': 'font/woff2',
  '.wasm': 'application/wasm',
};

/** The content type served for a file name. */
export function contentTypeOf(file: string): string {
  return CONTENT_TYPES[extname(file).toLowerCase()] ?? 'application/octet-stream';
}

/** The part of `pathname` under `prefix`, or `undefined` when it is not under it. */
function underPrefix(pathname: string, prefix: string): string | undefined {
  const p = `/${prefix.replace(/^\/+|\/+$/g, '')}`;
  if (p === '/') return pathname;
  if (pathname === p || pathname.startsWith(`${p}/`)) return pathname.slice(p.length) || '/';
  return undefined;
}

const inside = (root: string, target: string): boolean => {
  const rel = relative(root, target);
  return rel === '' || (!rel.startsWith('..') && !isAbsolute(rel));
};

type Lookup = { kind: 'file'; file: string; size: number } | { kind: 'redirect' } | { kind: 'none' };

/** Finds the file for the decoded segments in `dir`, refusing anything outside it (symlinks too). */
async function lookup(dir: string, segments: string[], wantsDir: boolean): Promise<Lookup> {
  try {
    const root = await realpath(resolve(dir));
    let target = await realpath(resolve(root, ...segments));
    if (!inside(root, target)) return { kind: 'none' };
    let info = await stat(target);
    if (info.isDirectory()) {
      if (!wantsDir) return { kind: 'redirect' };
      target = await realpath(resolve(target, 'index.html'));
      if (!inside(root, target)) return { kind: 'none' };
      info = await stat(target);
    }
    return info.isFile() ? { kind: 'file', file: target, size: info.size } : { kind: 'none' };
  } catch {
    return { kind: 'none' };
  }
}

/**
 * Serves files of the `static` option (GET/HEAD), after the API routes. Paths are decoded
 * segment by segment; `..`, dot files, NUL and backslashes are refused, and the resolved real path
 * must stay inside the folder. Directories answer their `index.html` (redirecting to the slash form
 * first). Returns `false` when no static folder had the file.
 */
export async function serveStatic(ctx: RouteContext): Promise<boolean> {
  const { res, url } = ctx;
  for (const entry of ctx.config.static) {
    const rest = underPrefix(url.pathname, entry.prefix);
    if (rest === undefined) continue;
    let segments: string[];
    try {
      segments = rest
        .split('/')
        .filter((s) => s !== '')
        .map(decodeURIComponent);
    } catch {
      sendError(res, 400, 'Malformed percent-encoding in the path');
      return true;
    }
    if (segments.some((s) => s === '..' || s.startsWith('.') || /[\\/\0]/.test(s))) {
      sendError(res, 403, 'Forbidden path');
      return true;
    }
    const found = await lookup(entry.dir, segments, url.pathname.endsWith('/'));
    if (found.kind === 'redirect') {
      // Leading slashes collapsed: `//host` would be a protocol-relative (open) redirect.
      res.writeHead(301, {
        Location: `/${url.pathname.replace(/^\/+/, '')}/${url.search}`,
        'Content-Length': '0',
      });
      res.end();
      return true;
    }
    if (found.kind === 'none') continue;
    res.writeHead(200, {
      'Content-Type': contentTypeOf(found.file),
      'Content-Length': String(found.size),
      'Cache-Control': 'no-cache',
    });
    if (ctx.req.method === 'HEAD') res.end();
    else await pipeline(createReadStream(found.file), res).catch(() => res.destroy());
    return true;
  }
  return false;
}
