import { MSG_API } from '../../common/messages-api';
import { lookup } from 'node:dns/promises';
import ipaddr from 'ipaddr.js';
import { badRequest } from './errors';

/** Only public unicast addresses: no loopback, private, link-local (cloud metadata), CGNAT, multicast… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  let parsed = ipaddr.parse(address);
  // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is judged as the IPv4 address it carries.
  if (parsed.kind() === 'ipv6') {
    const v6 = ipaddr.IPv6.parse(address);
    if (v6.isIPv4MappedAddress()) parsed = v6.toIPv4Address();
  }
  return parsed.range() === 'unicast';
}

/**
 * The SSRF guard of webhook URLs, in production only (a developer's receiver runs on localhost):
 * https only, and the host, a literal address or every address its name resolves to, must be
 * public. Run when the URL is registered and again before every delivery (a name may be
 * re-pointed at an internal address after it was accepted).
 */
export async function assertPublicUrl(
  raw: string,
  production: boolean,
  resolve: (host: string) => Promise<string[]> = async (host) =>
    (await lookup(host, { all: true, verbatim: true })).map((a) => a.address),
): Promise<void> {
  if (!production) return;
  const url = new URL(raw);
  if (url.protocol !== 'https:') throw badRequest(MSG_API.urlHttpsOnly);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: string[];
  if (ipaddr.isValid(host)) addresses = [host];
  else {
    try {
      addresses = await resolve(host);
    } catch {
      throw badRequest(MSG_API.urlUnresolved);
    }
  }
  if (addresses.length === 0) throw badRequest(MSG_API.urlUnresolved);
  if (!addresses.every(isPublicAddress)) throw badRequest(MSG_API.urlPrivate);
}
