/**
 * URL checks for everything an offer links to or loads. The platform's `URL` parser does the
 * parsing; the checks around it refuse the inputs on which a lenient parser and a human reader
 * disagree (`java\tscript:`, `https:\\evil.com`, `https://bank.com@evil.com`).
 */
import { safely } from '../errors.js';
import { MODEL_CAPS } from './limits.js';

/** The scheme must be spelled out literally, with both slashes (no `https:evil.com`). */
const HTTP_PREFIX = /^https?:\/\//i;
const HTTPS_PREFIX = /^https:\/\//i;

/**
 * Returns `value` (trimmed) when it is an absolute `http:` or `https:` URL that is safe to open,
 * load or fire as a beacon; otherwise `undefined`.
 *
 * Refused: non-strings; other schemes (`javascript:`, `data:`, `vbscript:` …, in any case);
 * relative and protocol-relative (`//evil.com`) URLs; control characters, spaces or backslashes
 * inside the URL (the parser would silently drop or reinterpret them, so `java\tscript:` and
 * `https:\\evil.com` are refused rather than repaired); credentials (`https://user@host`, a
 * classic phishing disguise); URLs longer than {@link MODEL_CAPS.urlLength}.
 *
 * The string is returned as given, not re-serialised, so signed tracking URLs stay byte for byte
 * what the service sent. Leading/trailing whitespace is trimmed first.
 */
export function safeHttpUrl(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MODEL_CAPS.urlLength + 256) return undefined;
  const candidate = value.trim();
  if (candidate.length > MODEL_CAPS.urlLength) return undefined;
  if (!HTTP_PREFIX.test(candidate) || FORBIDDEN_URL_CHAR.test(candidate)) return undefined;
  const url = safely(() => new URL(candidate));
  if (url === undefined) return undefined;
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return undefined;
  if (url.hostname === '' || url.username !== '' || url.password !== '') return undefined;
  return candidate;
}

/**
 * A C0 control, a space, DEL, a C1 control or a backslash. A regular expression, not a loop over
 * the characters: a response carries dozens of URLs, checked before the code is optimised.
 */
const FORBIDDEN_URL_CHAR = /[\0-\x20\x7f-\x9f\\]/;

const DATA_URL_PREFIX = /^data:image\/(?:png|jpeg|jpg);base64,/i;
const BASE64_BODY = /^[A-Za-z0-9+/]+={0,2}$/;
/** Line breaks and spaces that base64 encoders may wrap the body with. */
const BASE64_WRAPPING = /[\t\n\r ]+/g;
const MAX_QR_BASE64_LENGTH = Math.ceil(MODEL_CAPS.qrImageBytes / 3) * 4;

/** The image formats a QR image may have, by their file signature. */
type QrImageType = 'png' | 'jpeg';

/**
 * Returns a URL that an `<img>` may load for the offer's `qr_code_img`, or `undefined`.
 *
 * Accepted: a `data:image/png;base64,…` or `data:image/jpeg;base64,…` URL, or a bare base64
 * string (what the spec describes), whose body is valid base64 and starts with a PNG or JPEG
 * signature — the data URL returned always carries the type sniffed from the bytes, not the
 * declared one; or an `https:` URL that passes {@link safeHttpUrl} (plain `http:` would be mixed
 * content). Images over {@link MODEL_CAPS.qrImageBytes} are refused.
 */
export function safeQrImage(value: unknown): string | undefined {
  if (typeof value !== 'string' || value.length > MAX_QR_BASE64_LENGTH * 2) return undefined;
  const candidate = value.trim();
  if (HTTPS_PREFIX.test(candidate)) return safeHttpUrl(candidate);
  const prefix = DATA_URL_PREFIX.exec(candidate);
  const body = (prefix ? candidate.slice(prefix[0].length) : candidate).replace(BASE64_WRAPPING, '');
  if (body.length > MAX_QR_BASE64_LENGTH || body.length % 4 !== 0 || !BASE64_BODY.test(body)) {
    return undefined;
  }
  const type = sniffImageType(body);
  return type === undefined ? undefined : `data:image/${type};base64,${body}`;
}

/** PNG or JPEG from the first 9 bytes of a base64 body (12 characters decoded), else `undefined`. */
function sniffImageType(base64: string): QrImageType | undefined {
  const head = safely(() => atob(base64.slice(0, 12)));
  if (head === undefined) return undefined;
  const png = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
  if (png.every((byte, index) => head.charCodeAt(index) === byte)) return 'png';
  const jpeg = [0xff, 0xd8, 0xff];
  if (jpeg.every((byte, index) => head.charCodeAt(index) === byte)) return 'jpeg';
  return undefined;
}
