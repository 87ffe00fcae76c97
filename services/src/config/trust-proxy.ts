import { isIP } from 'node:net';

/** The 'trust proxy' setting (proxy-addr, as Express and Fastify read it): trust nothing, a number of hops, or a list of addresses/subnets. */
export type TrustProxy = false | number | readonly string[];

/** The names proxy-addr knows for its pre-defined subnets. */
const NAMED_SUBNETS = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * TRUST_PROXY: unset or 'false' trusts no proxy (the socket address is the client). Otherwise a
 * hop count ('1': the nearest proxy) or a comma list of proxy-addr's names and addresses/CIDRs
 * ('loopback', '10.0.0.0/8, fd00::/8'). 'true' (trust every hop) is refused: with it any client
 * names its own address and steps around the rate limits.
 */
export function parseTrustProxy(raw: string | undefined): { value: TrustProxy } | { error: string } {
  const text = raw?.trim() ?? '';
  if (text === '' || text === 'false') return { value: false };
  if (text === 'true')
    return {
      error:
        "'true' would trust any caller's X-Forwarded-For; name the proxies (e.g. loopback, 10.0.0.0/8) or a hop count",
    };
  if (/^\d+$/.test(text)) {
    const hops = Number(text);
    return hops >= 1 && hops <= 10 ? { value: hops } : { error: 'a hop count must be between 1 and 10' };
  }
  const entries = text.split(',').map((entry) => entry.trim());
  const bad = entries.find((entry) => !NAMED_SUBNETS.has(entry) && !isAddressOrSubnet(entry));
  if (bad !== undefined)
    return { error: `'${bad}' is not loopback, linklocal, uniquelocal, an IP address or a CIDR subnet` };
  return { value: entries };
}

function isAddressOrSubnet(entry: string): boolean {
  const [address = '', prefix, ...rest] = entry.split('/');
  const family = isIP(address);
  if (family === 0 || rest.length > 0) return false;
  if (prefix === undefined) return true;
  if (!/^\d{1,3}$/.test(prefix)) return false;
  return Number(prefix) <= (family === 4 ? 32 : 128);
}
