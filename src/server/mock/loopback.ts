import { isIPv4 } from 'node:net';

/**
 * True for a loopback host: `localhost`, `127.x.x.x`, `::1` (bracketed or not) and the IPv4-mapped
 * `::ffff:127.x.x.x`. The mock never listens on anything else, so a developer's machine never
 * exposes it to the network.
 */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  if (h === 'localhost' || h === '::1' || h === '0:0:0:0:0:0:0:1') return true;
  const v4 = h.startsWith('::ffff:') ? h.slice('::ffff:'.length) : h;
  return isIPv4(v4) && v4.startsWith('127.');
}

/** `http://host:port`, with IPv6 hosts bracketed. */
export function originOf(host: string, port: number): string {
  const bare = host.replace(/^\[(.*)\]$/, '$1');
  return `http://${bare.includes(':') ? `[${bare}]` : bare}:${port}`;
}

/**
 * The origin a request reached, from its Host header, when that is a loopback host on our port
 * (`localhost` vs `127.0.0.1` matters to pages that compare origins); otherwise `fallback`.
 */
export function requestOrigin(hostHeader: string | undefined, port: number, fallback: string): string {
  if (!hostHeader) return fallback;
  try {
    const url = new URL(`http://${hostHeader}`);
    if (isLoopbackHost(url.hostname) && Number(url.port) === port) return url.origin;
  } catch {
    // A malformed Host header: use the service's own origin.
  }
  return fallback;
}
