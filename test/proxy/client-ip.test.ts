// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { clientIp, normalizeIp } from '../../src/server/proxy/index.js';

describe('normalizeIp', () => {
  it.each([
    ['203.0.113.7', '203.0.113.7'],
    [' 203.0.113.7 ', '203.0.113.7'],
    ['203.0.113.7:8080', '203.0.113.7'],
    ['2001:DB8::1', '2001:db8::1'],
    ['[2001:db8::1]', '2001:db8::1'],
    ['[2001:db8::1]:4711', '2001:db8::1'],
    ['::1', '::1'],
    ['::ffff:127.0.0.1', '127.0.0.1'],
    ['[::ffff:198.51.100.2]:80', '198.51.100.2'],
    ['1:2:3:4:5:6:7:8', '1:2:3:4:5:6:7:8'],
    ['64:ff9b::192.0.2.33', '64:ff9b::192.0.2.33'],
  ])('%s → %s', (input, expected) => {
    expect(normalizeIp(input)).toBe(expected);
  });

  it.each([
    'unknown',
    '_hidden',
    'example.com',
    '256.1.1.1',
    '01.2.3.4',
    '1.2.3',
    '1.2.3.4.5',
    '1:2:3:4:5:6:7:8:9',
    '1::2::3',
    '12345::1',
    'fe80::1%eth0',
    '[2001:db8::1',
    '2001:db8::1:80:',
    '',
    '"1.2.3.4"',
  ])('%s is not an IP', (input) => {
    expect(normalizeIp(input)).toBeUndefined();
  });
});

describe('clientIp', () => {
  const headers = (init: Record<string, string>) => new Headers(init);

  it('uses the socket address unless trustProxy is on', () => {
    expect(clientIp(headers({ 'x-forwarded-for': '203.0.113.1' }), '::ffff:10.0.0.2', false)).toBe(
      '10.0.0.2',
    );
    expect(clientIp(headers({}), undefined, false)).toBeUndefined();
  });

  it.each<{ h: Record<string, string>; trust: boolean | number; ip: string }>([
    { h: { 'x-forwarded-for': '203.0.113.1, 10.0.0.1' }, trust: true, ip: '203.0.113.1' },
    { h: { 'x-forwarded-for': 'bogus, , 203.0.113.2' }, trust: true, ip: '203.0.113.2' },
    { h: { 'x-forwarded-for': 'bogus' }, trust: true, ip: '10.0.0.9' },
    { h: { forwarded: 'for=192.0.2.60;proto=http;by=203.0.113.43' }, trust: true, ip: '192.0.2.60' },
    { h: { forwarded: 'For="[2001:db8:cafe::17]:4711"' }, trust: true, ip: '2001:db8:cafe::17' },
    { h: { forwarded: 'for=unknown, for="198.51.100.17:80"' }, trust: true, ip: '198.51.100.17' },
    { h: { forwarded: 'proto=https;for="a;b,c", for=198.51.100.3' }, trust: true, ip: '198.51.100.3' },
    {
      h: { 'x-forwarded-for': '203.0.113.1', forwarded: 'for=198.51.100.1' },
      trust: true,
      ip: '203.0.113.1',
    },
    { h: { 'x-forwarded-for': '6.6.6.6, 203.0.113.5' }, trust: 1, ip: '203.0.113.5' },
    { h: { 'x-forwarded-for': '6.6.6.6, 203.0.113.5, 10.0.0.1' }, trust: 2, ip: '203.0.113.5' },
    { h: { 'x-forwarded-for': '203.0.113.5' }, trust: 3, ip: '203.0.113.5' },
    { h: { 'x-forwarded-for': '203.0.113.5, garbage' }, trust: 1, ip: '10.0.0.9' },
    { h: {}, trust: true, ip: '10.0.0.9' },
  ])('$h with trustProxy $trust → $ip', ({ h, trust, ip }) => {
    expect(clientIp(headers(h), '10.0.0.9', trust)).toBe(ip);
  });
});
