import { createRequire } from 'node:module';
import { encodePng } from './images/png.js';

/** The spec's QR code size. */
export const QR_SIZE = 228;

/** Quiet zone around the symbol, in modules (the QR standard asks for 4). */
const QUIET_MODULES = 4;

/** What the mock prints, once, when the optional `qrcode` package is not installed. */
export const QR_MISSING_WARNING =
  'adpx-offers/mock: the optional package "qrcode" is not installed, so offers come without a QR code (qr_code_img is empty). Run `npm install -D qrcode` to draw them.';

/** The one function of `qrcode` the mock uses (typed here so the published types need no `qrcode`). */
type QrCreate = (
  text: string,
  options: { errorCorrectionLevel: 'M' },
) => { modules: { size: number; data: ArrayLike<number> } };

/** The `qrcode` encoder once looked up: the function, `null` when not installed, `undefined` before. */
let encoder: QrCreate | null | undefined;

/**
 * Looks the QR encoder up with `load` (Node's `require` for this file): `qrcode` is an optional peer
 * dependency of `adpx-offers`, installed by whoever wants QR codes from the mock. A missing package
 * gives `null` and one warning; any other failure is a real error and is thrown.
 */
export function findQrEncoder(load: (name: string) => unknown, warn = console.warn): QrCreate | null {
  try {
    return (load('qrcode') as { create: QrCreate }).create;
  } catch (error) {
    const code = (error as { code?: unknown } | null)?.code;
    if (code !== 'MODULE_NOT_FOUND' && code !== 'ERR_MODULE_NOT_FOUND') throw error;
    warn(QR_MISSING_WARNING);
    return null;
  }
}

function qrEncoder(): QrCreate | null {
  // Not `??=`: a missing package is `null`, looked up (and warned about) once.
  if (encoder === undefined) encoder = findQrEncoder(createRequire(import.meta.url));
  return encoder;
}

/** Whether the mock can draw QR codes (the optional `qrcode` package is installed). */
export function qrCodeAvailable(): boolean {
  return qrEncoder() !== null;
}

/**
 * A QR code of `text` as a `data:image/png;base64,` URL: exactly 228x228 pixels, black modules on
 * white, with the quiet zone. The library's own renderer cannot hit an exact pixel size, so the
 * module matrix is drawn here with whole-pixel modules and centred. Without the optional `qrcode`
 * package: `''` (the offer has no QR code, as the spec allows) and a one-time warning.
 */
export function qrCodeDataUrl(text: string): string {
  const make = qrEncoder();
  if (!make) return '';
  const { modules } = make(text, { errorCorrectionLevel: 'M' });
  const n = modules.size;
  const scale = Math.max(1, Math.floor(QR_SIZE / (n + 2 * QUIET_MODULES)));
  const offset = Math.max(0, Math.floor((QR_SIZE - n * scale) / 2));
  const gray = Buffer.alloc(QR_SIZE * QR_SIZE, 255);
  for (let y = 0; y < n * scale && y + offset < QR_SIZE; y++) {
    const row = Math.floor(y / scale) * n;
    for (let x = 0; x < n * scale && x + offset < QR_SIZE; x++) {
      if (modules.data[row + Math.floor(x / scale)]) gray[(y + offset) * QR_SIZE + x + offset] = 0;
    }
  }
  return `data:image/png;base64,${encodePng(gray, QR_SIZE, QR_SIZE, 'grey').toString('base64')}`;
}
