/**
 * The end user's IP: the socket address, or — only when the publisher trusts the proxies in front
 * of it — an address from `X-Forwarded-For` or `Forwarded: for=` (RFC 7239). String code and
 * `URL`, so it runs wherever the handler runs.
 */

/**
 * The client IP of a request. `trustProxy` `false`: `remoteAddress`. `true`: the leftmost valid
 * address of the forwarded chain. A number `n`: the entry `n` places from the right (the address
 * the outermost of `n` trusted proxies saw), when valid. Falls back to `remoteAddress`; `undefined`
 * when nothing valid is known. IPv4-mapped IPv6 addresses come back as IPv4.
 */
export function clientIp(
  headers: Pick<Headers, 'get'>,
  remoteAddress: string | undefined,
  trustProxy: boolean | number,
): string | undefined {
  const socket = remoteAddress === undefined ? undefined : normalizeIp(remoteAddress);
  if (trustProxy === false) return socket;
  const chain = forwardedChain(headers);
  if (chain.length === 0) return socket;
  if (trustProxy === true) {
    for (const entry of chain) {
      const ip = normalizeIp(entry);
      if (ip !== undefined) return ip;
    }
    return socket;
  }
  const entry = chain[Math.max(0, chain.length - trustProxy)];
  return (entry === undefined ? undefined : normalizeIp(entry)) ?? socket;
}

/** The addresses of `X-Forwarded-For` (several headers arrive joined by commas), else of `Forwarded`. */
export function forwardedChain(headers: Pick<Headers, 'get'>): string[] {
  const xff = headers.get('x-forwarded-for');
  if (xff !== null && xff.trim() !== '') {
    return xff
      .split(',')
      .map((entry) => entry.trim())
      .filter((entry) => entry !== '');
  }
  const forwarded = headers.get('forwarded');
  if (forwarded === null) return [];
  const chain: string[] = [];
  for (const element of splitOutsideQuotes(forwarded, ',')) {
    for (const pair of splitOutsideQuotes(element, ';')) {
      const eq = pair.indexOf('=');
      if (eq > 0 && pair.slice(0, eq).trim().toLowerCase() === 'for') {
        chain.push(unquote(pair.slice(eq + 1).trim()));
      }
    }
  }
  return chain;
}

/** Splits on `separator` except inside a quoted string (with `\` escapes; an open quote runs to the end). */
function splitOutsideQuotes(text: string, separator: string): string[] {
  const part = new RegExp(`(?:"(?:\\\\.|[^"\\\\])*"?|[^"${separator}])+`, 'g');
  return (text.match(part) ?? []).map((entry) => entry.trim()).filter((entry) => entry !== '');
}

function unquote(value: string): string {
  if (value.length >= 2 && value.startsWith('"') && value.endsWith('"')) {
    return value.slice(1, -1).replace(/\\(.)/g, '$1');
  }
  return value;
}

const IPV4_WITH_PORT = /^(\d{1,3}(?:\.\d{1,3}){3})(?::\d{1,5})?$/;
const BRACKETED = /^\[([^\]]+)\](?::\d{1,5})?$/;

/**
 * A forwarded or socket address as a bare IP: brackets and ports removed (`[2001:db8::1]:4711`,
 * `192.0.2.1:80`), IPv6 lowercased, `::ffff:a.b.c.d` turned into `a.b.c.d`. `undefined` for
 * anything else (`unknown`, obfuscated `_hidden` names, host names, zone ids, garbage).
 */
export function normalizeIp(value: string): string | undefined {
  const text = value.trim();
  const bracketed = BRACKETED.exec(text);
  if (bracketed?.[1] !== undefined) return normalizeIpv6(bracketed[1]);
  const v4 = IPV4_WITH_PORT.exec(text);
  if (v4?.[1] !== undefined) return isIpv4(v4[1]) ? v4[1] : undefined;
  return text.includes(':') ? normalizeIpv6(text) : undefined;
}

function normalizeIpv6(text: string): string | undefined {
  const lower = text.toLowerCase();
  if (!isIpv6(lower)) return undefined;
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  return mapped?.[1] ?? lower;
}

/** Dotted quad, each part 0–255 without leading zeros. */
export function isIpv4(text: string): boolean {
  const parts = text.split('.');
  return parts.length === 4 && parts.every((part) => /^(0|[1-9]\d{0,2})$/.test(part) && Number(part) <= 255);
}

/**
 * Eight hex groups, one `::` at most (for one group or more), an embedded IPv4 tail allowed: what
 * the URL parser takes between brackets, nothing else (no zone id, no white space).
 */
export function isIpv6(text: string): boolean {
  return /^[0-9a-fA-F:.]+$/.test(text) && text.includes(':') && URL.canParse(`http://[${text}]/`);
}
