import { MSG_API } from '../../common/messages-api';
import { lookup as dnsLookup } from 'node:dns/promises';
import type { LookupFunction } from 'node:net';
import ipaddr from 'ipaddr.js';
import { badRequest } from './errors';

/** Every address a host name answers (tests swap it for a stub to play DNS rebinding). */
export type HostResolver = (host: string) => Promise<string[]>;
export const systemResolver: HostResolver = async (host) =>
  (await dnsLookup(host, { all: true, verbatim: true })).map((a) => a.address);

const v4 = (hi: number, lo: number) => new ipaddr.IPv4([hi >> 8, hi & 0xff, lo >> 8, lo & 0xff]);

/**
 * The IPv4 addresses an IPv6 address carries, which is where a packet to it ends up: IPv4-mapped
 * (::ffff:a.b.c.d) and IPv4-translated (::ffff:0:a.b.c.d), IPv4-compatible (::a.b.c.d, so
 * ::7f00:1 is 127.0.0.1), NAT64 (64:ff9b::/96, and the local-use 64:ff9b:1::/48, read at /96),
 * 6to4 (2002:AABB:CCDD::) and Teredo (2001:0::/32: its server, and its client's address inverted in
 * the last 32 bits). Null for an address that embeds none.
 */
export function embeddedIPv4(v6: ipaddr.IPv6): ipaddr.IPv4[] | null {
  const p = v6.parts;
  const zero = (from: number, to: number) => p.slice(from, to).every((w) => w === 0);
  if (zero(0, 5) && p[5] === 0xffff) return [v4(p[6]!, p[7]!)];
  if (zero(0, 4) && p[4] === 0xffff && p[5] === 0) return [v4(p[6]!, p[7]!)];
  if (zero(0, 6)) return [v4(p[6]!, p[7]!)];
  if (p[0] === 0x64 && p[1] === 0xff9b && zero(2, 6)) return [v4(p[6]!, p[7]!)];
  if (p[0] === 0x64 && p[1] === 0xff9b && p[2] === 1) return [v4(p[6]!, p[7]!)];
  if (p[0] === 0x2002) return [v4(p[1]!, p[2]!)];
  if (p[0] === 0x2001 && p[1] === 0) return [v4(p[2]!, p[3]!), v4(p[6]! ^ 0xffff, p[7]! ^ 0xffff)];
  return null;
}

/** Only public unicast addresses: no loopback, private, link-local (cloud metadata), CGNAT, multicast… */
export function isPublicAddress(address: string): boolean {
  if (!ipaddr.isValid(address)) return false;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.range() === 'unicast';
  const v6 = parsed as ipaddr.IPv6;
  // NAT64's local-use prefix leads into the operator's own network, whatever it carries.
  if (v6.parts[0] === 0x64 && v6.parts[1] === 0xff9b && v6.parts[2] === 1) return false;
  // An IPv6 address that carries an IPv4 one is judged as every IPv4 address it carries.
  const embedded = embeddedIPv4(v6);
  if (embedded) return embedded.every((a) => a.range() === 'unicast');
  return parsed.range() === 'unicast';
}

/**
 * The SSRF guard of webhook URLs, in production only (a developer's receiver runs on localhost):
 * https only, and the host, a literal address or every address its name resolves to, must be
 * public. Run when the URL is registered and again before every delivery; the delivery then
 * connects through `checkedLookup`, so the address it reaches is one that was checked.
 */
export async function assertPublicUrl(
  raw: string,
  production: boolean,
  resolve: HostResolver = systemResolver,
): Promise<void> {
  if (!production) return;
  const url = new URL(raw);
  if (url.protocol !== 'https:') throw badRequest(MSG_API.urlHttpsOnly);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (ipaddr.isValid(host)) {
    if (!isPublicAddress(host)) throw badRequest(MSG_API.urlPrivate);
    return;
  }
  await resolvePublic(host, resolve);
}

async function resolvePublic(host: string, resolve: HostResolver): Promise<string[]> {
  let addresses: string[];
  try {
    addresses = await resolve(host);
  } catch {
    throw badRequest(MSG_API.urlUnresolved);
  }
  if (addresses.length === 0) throw badRequest(MSG_API.urlUnresolved);
  if (!addresses.every(isPublicAddress)) throw badRequest(MSG_API.urlPrivate);
  return addresses;
}

/**
 * The `lookup` of a delivery's socket. A name is resolved once more when the connection opens, and
 * may then answer something else than when it was checked (DNS rebinding: public at the check,
 * 127.0.0.1 at the connection). This lookup is that last resolution: in production it refuses any
 * non-public answer, and the socket connects to exactly the addresses it checked.
 */
export function checkedLookup(production: boolean, resolve: HostResolver): LookupFunction {
  return (hostname, options, callback) => {
    const answer = production
      ? resolvePublic(hostname, resolve)
      : resolve(hostname).then((a) => {
          if (a.length === 0) throw badRequest(MSG_API.urlUnresolved);
          return a;
        });
    answer.then(
      (addresses) => {
        const family = (a: string) => (ipaddr.parse(a).kind() === 'ipv6' ? 6 : 4);
        const wanted = options.family === 4 || options.family === 6 ? options.family : 0;
        const usable = addresses.filter((a) => wanted === 0 || family(a) === wanted);
        if (usable.length === 0) {
          callback(badRequest(MSG_API.urlUnresolved), '', 4);
          return;
        }
        if (options.all)
          callback(
            null,
            usable.map((address) => ({ address, family: family(address) })),
          );
        else callback(null, usable[0]!, family(usable[0]!));
      },
      (err: Error) => callback(err, '', 4),
    );
  };
}
