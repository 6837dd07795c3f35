import { crc32, deflateSync } from 'node:zlib';

/** PNG colour types the mock draws: 0 = grey, 2 = RGB (8 bits per sample, no alpha). */
export type PngColour = 'grey' | 'rgb';

const SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const COLOUR_TYPE = { grey: 0, rgb: 2 } as const;
const CHANNELS = { grey: 1, rgb: 3 } as const;

function chunk(type: string, data: Buffer): Buffer {
  const out = Buffer.alloc(12 + data.length);
  out.writeUInt32BE(data.length, 0);
  out.write(type, 4, 'latin1');
  data.copy(out, 8);
  out.writeUInt32BE(crc32(out.subarray(4, 8 + data.length)), 8 + data.length);
  return out;
}

/**
 * The scanlines, each with filter `Sub` (type 1: every byte minus the same channel of the pixel to
 * its left). The mock's gradients and QR modules step evenly or not at all along a row, so `Sub`
 * turns them into runs of one value that deflate squeezes well.
 */
function filtered(pixels: Buffer, width: number, height: number, channels: number): Buffer {
  const stride = width * channels;
  const out = Buffer.alloc(height * (stride + 1));
  for (let y = 0; y < height; y++) {
    const src = y * stride;
    const dst = y * (stride + 1);
    out[dst] = 1;
    for (let x = 0; x < stride; x++) {
      const left = x >= channels ? (pixels[src + x - channels] ?? 0) : 0;
      out[dst + 1 + x] = ((pixels[src + x] ?? 0) - left) & 0xff;
    }
  }
  return out;
}

/**
 * Encodes 8-bit `pixels` (row-major, `width * height * channels` bytes, no alpha) as a PNG file:
 * signature, IHDR, one IDAT compressed by `node:zlib`, IEND. All the mock needs, without a
 * runtime dependency.
 */
export function encodePng(pixels: Buffer, width: number, height: number, colour: PngColour): Buffer {
  const channels = CHANNELS[colour];
  if (pixels.length !== width * height * channels) {
    throw new RangeError(`encodePng: ${pixels.length} bytes for ${width}x${height} ${colour}`);
  }
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bits per sample
  header[9] = COLOUR_TYPE[colour];
  // bytes 10..12: deflate compression, adaptive filtering, no interlace (all 0)
  const data = deflateSync(filtered(pixels, width, height, channels), { level: 6 });
  return Buffer.concat([
    SIGNATURE,
    chunk('IHDR', header),
    chunk('IDAT', data),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}
