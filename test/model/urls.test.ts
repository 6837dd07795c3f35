// @vitest-environment node
// URL checks must behave the same without a browser (the proxy and the mock run in Node).
import { describe, expect, it } from 'vitest';
import { MODEL_CAPS } from '../../src/model/limits.js';
import { safeHttpUrl, safeQrImage } from '../../src/model/urls.js';

describe('safeHttpUrl accepts', () => {
  const cases: { why: string; input: string; expected?: string }[] = [
    { why: 'a plain https URL', input: 'https://example.com/offer?id=1' },
    { why: 'a plain http URL', input: 'http://example.com/' },
    { why: 'an upper-case scheme (schemes are case-insensitive)', input: 'HTTPS://example.com/x' },
    { why: 'a port and a fragment', input: 'https://example.com:8443/a#b' },
    {
      why: 'outer whitespace, trimmed (harmless once the scheme is checked)',
      input: '  https://example.com/a \n',
      expected: 'https://example.com/a',
    },
    {
      why: 'an encoded tracking URL, returned byte for byte (not re-serialised)',
      input: 'https://t.example.com/c?u=https%3A%2F%2Fshop.example%2F&sig=AbC%2B',
    },
  ];
  it.each(cases)('$why', ({ input, expected }) => {
    expect(safeHttpUrl(input)).toBe(expected ?? input);
  });
});

describe('safeHttpUrl refuses', () => {
  const cases: { why: string; input: unknown }[] = [
    { why: 'javascript: runs script', input: 'javascript:alert(1)' },
    { why: 'JAVASCRIPT: (schemes are case-insensitive)', input: 'JAVASCRIPT:alert(1)' },
    { why: ' javascript: with a leading space (parsers strip it)', input: ' javascript:alert(1)' },
    { why: 'java\\tscript: (parsers drop tabs)', input: 'java\tscript:alert(1)' },
    { why: 'java\\nscript: (parsers drop newlines)', input: 'java\nscript:alert(1)' },
    { why: 'a NUL byte before the scheme', input: '\u0000javascript:alert(1)' },
    { why: 'data:text/html can carry a page', input: 'data:text/html,<script>alert(1)</script>' },
    { why: 'data:image is not a link target', input: 'data:image/png;base64,iVBORw0KGgo=' },
    { why: 'vbscript:', input: 'vbscript:msgbox(1)' },
    { why: 'file:', input: 'file:///etc/passwd' },
    { why: 'ftp:', input: 'ftp://example.com/' },
    { why: 'protocol-relative //evil.com inherits the page scheme', input: '//evil.com/x' },
    { why: 'a relative path', input: '/offers/1' },
    { why: 'a bare relative name', input: 'offer.html' },
    { why: 'https:evil.com (no slashes; the parser would still accept it)', input: 'https:evil.com' },
    { why: 'https:/evil.com (one slash)', input: 'https:/evil.com' },
    { why: 'https:\\\\evil.com (backslashes read as slashes)', input: 'https:\\\\evil.com' },
    { why: 'a backslash in the path', input: 'https://example.com\\@evil.com' },
    { why: 'a tab inside the host', input: 'https://exa\tmple.com/' },
    { why: 'a space inside the URL', input: 'https://example.com/a b' },
    { why: 'a C1 control inside the URL', input: 'https://example.com/\u0085' },
    { why: 'credentials disguise the real host', input: 'https://bank.example@evil.com/' },
    { why: 'user and password', input: 'https://user:pass@example.com/' },
    { why: 'no host', input: 'https://' },
    { why: 'an unparsable host', input: 'https://exa mple.com' },
    { why: 'an empty string', input: '' },
    { why: 'a number', input: 42 },
    { why: 'null', input: null },
    { why: 'an object', input: { href: 'https://example.com' } },
    { why: 'a URL longer than the cap', input: `https://example.com/${'a'.repeat(MODEL_CAPS.urlLength)}` },
    { why: 'a 10 MB string', input: `https://example.com/${'a'.repeat(10 * 1024 * 1024)}` },
  ];
  it.each(cases)('$why', ({ input }) => {
    expect(safeHttpUrl(input)).toBeUndefined();
  });
});

/** Base64 of bytes. */
const b64 = (bytes: number[]) => Buffer.from(bytes).toString('base64');
const PNG = b64([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 0, 0, 0, 13, 0x49, 0x48, 0x44, 0x52]);
const JPEG = b64([0xff, 0xd8, 0xff, 0xe0, 0, 16, 0x4a, 0x46, 0x49, 0x46, 0]);
const GIF = b64([0x47, 0x49, 0x46, 0x38, 0x39, 0x61, 1, 0, 1, 0]);

describe('safeQrImage accepts', () => {
  const cases: { why: string; input: string; expected: string }[] = [
    { why: 'a bare base64 PNG (the spec’s format)', input: PNG, expected: `data:image/png;base64,${PNG}` },
    { why: 'a bare base64 JPEG', input: JPEG, expected: `data:image/jpeg;base64,${JPEG}` },
    {
      why: 'a PNG data URL',
      input: `data:image/png;base64,${PNG}`,
      expected: `data:image/png;base64,${PNG}`,
    },
    {
      why: 'a JPEG data URL',
      input: `data:image/jpeg;base64,${JPEG}`,
      expected: `data:image/jpeg;base64,${JPEG}`,
    },
    {
      why: 'a data URL whose declared type lies gets the sniffed type',
      input: `data:image/png;base64,${JPEG}`,
      expected: `data:image/jpeg;base64,${JPEG}`,
    },
    {
      why: 'base64 wrapped over lines (MIME style)',
      input: `${PNG.slice(0, 8)}\n${PNG.slice(8)}`,
      expected: `data:image/png;base64,${PNG}`,
    },
    {
      why: 'an https URL',
      input: 'https://cdn.example.com/qr.png',
      expected: 'https://cdn.example.com/qr.png',
    },
  ];
  it.each(cases)('$why', ({ input, expected }) => {
    expect(safeQrImage(input)).toBe(expected);
  });
});

describe('safeQrImage refuses', () => {
  const cases: { why: string; input: unknown }[] = [
    { why: 'a GIF (only PNG or JPEG per spec)', input: GIF },
    { why: 'a GIF data URL', input: `data:image/gif;base64,${GIF}` },
    { why: 'an SVG data URL (can carry script)', input: 'data:image/svg+xml;base64,PHN2Zz48L3N2Zz4=' },
    { why: 'data:text/html', input: 'data:text/html;base64,PHNjcmlwdD4=' },
    { why: 'invalid base64 characters', input: `data:image/png;base64,${PNG}<script>` },
    { why: 'base64 with a bad length', input: PNG.slice(0, -1) },
    { why: 'valid base64 of text, not an image', input: b64([...Buffer.from('hello world!')]) },
    { why: 'plain http (mixed content)', input: 'http://cdn.example.com/qr.png' },
    { why: 'javascript:', input: 'javascript:alert(1)' },
    {
      why: 'an image over the size cap',
      input: PNG + 'A'.repeat(Math.ceil((MODEL_CAPS.qrImageBytes * 4) / 3) + 8),
    },
    { why: 'an empty string', input: '' },
    { why: 'a number', input: 1 },
  ];
  it.each(cases)('$why', ({ input }) => {
    expect(safeQrImage(input)).toBeUndefined();
  });
});
