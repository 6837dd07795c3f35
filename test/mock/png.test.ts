// @vitest-environment node
import { describe, expect, it, vi } from 'vitest';
import { encodePng } from '../../src/server/mock/images/png.js';
import { findQrEncoder, QR_MISSING_WARNING } from '../../src/server/mock/qr.js';
import { decodePng } from './helpers.js';

/** Bytes of the IHDR chunk: width, height, bit depth, colour type. */
const header = (png: Buffer): [number, number, number, number] => [
  png.readUInt32BE(16),
  png.readUInt32BE(20),
  png[24] ?? -1,
  png[25] ?? -1,
];

describe('encodePng (the mock’s PNG encoder on node:zlib)', () => {
  it('writes RGB pixels that an independent decoder (pngjs) reads back exactly', () => {
    const [w, h] = [7, 5];
    const rgb = Buffer.alloc(w * h * 3);
    for (let i = 0; i < rgb.length; i++) rgb[i] = (i * 37) % 256;
    const png = encodePng(rgb, w, h, 'rgb');
    expect(header(png)).toEqual([7, 5, 8, 2]);
    const back = decodePng(png);
    expect([back.width, back.height]).toEqual([w, h]);
    for (let p = 0; p < w * h; p++) {
      expect([...back.data.subarray(p * 4, p * 4 + 4)]).toEqual([...rgb.subarray(p * 3, p * 3 + 3), 255]);
    }
  });

  it('writes grey pixels as colour type 0, one byte a pixel', () => {
    const grey = Buffer.from([0, 255, 128, 7, 0, 255]);
    const png = encodePng(grey, 3, 2, 'grey');
    expect(header(png)).toEqual([3, 2, 8, 0]);
    const back = decodePng(png);
    expect([...back.data].filter((_, i) => i % 4 === 0)).toEqual([...grey]);
  });

  it('refuses a pixel buffer of the wrong length', () => {
    expect(() => encodePng(Buffer.alloc(5), 2, 1, 'rgb')).toThrow(RangeError);
  });
});

describe('findQrEncoder (qrcode is an optional peer dependency)', () => {
  it('uses the installed package', () => {
    const create = vi.fn();
    const warn = vi.fn();
    expect(findQrEncoder(() => ({ create }), warn)).toBe(create);
    expect(warn).not.toHaveBeenCalled();
  });

  it('gives null and one warning naming `npm install` when the package is missing', () => {
    const warn = vi.fn();
    const missing = (): never => {
      throw Object.assign(new Error("Cannot find module 'qrcode'"), { code: 'MODULE_NOT_FOUND' });
    };
    expect(findQrEncoder(missing, warn)).toBeNull();
    expect(warn).toHaveBeenCalledTimes(1);
    expect(warn).toHaveBeenCalledWith(QR_MISSING_WARNING);
    expect(QR_MISSING_WARNING).toContain('npm install -D qrcode');
  });

  it('throws any other failure instead of hiding it', () => {
    const broken = (): never => {
      throw new SyntaxError('Unexpected token');
    };
    expect(() => findQrEncoder(broken, vi.fn())).toThrow(SyntaxError);
  });
});
