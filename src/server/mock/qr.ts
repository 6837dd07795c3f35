import { create } from 'qrcode';
import { PNG } from 'pngjs';

/** The spec's QR code size. */
export const QR_SIZE = 228;

/** Quiet zone around the symbol, in modules (the QR standard asks for 4). */
const QUIET_MODULES = 4;

/**
 * A QR code of `text` as a `data:image/png;base64,` URL: exactly 228x228 pixels, black modules on
 * white, with the quiet zone. The library's own renderer cannot hit an exact pixel size, so the
 * module matrix is drawn here with whole-pixel modules and centred.
 */
export function qrCodeDataUrl(text: string): string {
  return `data:image/png;base64,${qrCodePng(text).toString('base64')}`;
}

/** The PNG bytes of {@link qrCodeDataUrl}. */
export function qrCodePng(text: string): Buffer {
  const { modules } = create(text, { errorCorrectionLevel: 'M' });
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
  const png = new PNG({ width: QR_SIZE, height: QR_SIZE });
  png.data = gray;
  return PNG.sync.write(png, { colorType: 0, inputColorType: 0, inputHasAlpha: false });
}
