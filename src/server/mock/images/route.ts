import type { RouteContext } from '../context.js';
import { send, sendError } from '../http.js';
import { findImage } from './catalog.js';
import { drawImage } from './draw.js';
import { resolveSize } from './size.js';

const IMAGE_PATH = /^\/img\/([a-z0-9-]{1,64})\.png$/;

/** `GET /img/{name}.png?width=&height=&aspect_ratio=X:Y`: a real PNG of exactly the asked size. */
export function handleImage({ url, res }: RouteContext): void {
  const name = IMAGE_PATH.exec(url.pathname)?.[1];
  const image = name === undefined ? undefined : findImage(name);
  if (name === undefined || image === undefined) {
    sendError(res, 404, `No mock image at ${url.pathname}`);
    return;
  }
  const size = resolveSize(url.searchParams, image);
  if (!size.ok) {
    sendError(res, 400, size.message);
    return;
  }
  send(res, 200, drawImage(name, image, size.width, size.height), {
    'Content-Type': 'image/png',
    'Cache-Control': 'public, max-age=3600',
  });
}
