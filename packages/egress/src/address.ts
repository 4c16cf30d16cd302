import { isIP } from 'node:net';
import ipaddr from 'ipaddr.js';

/**
 * What an address is, for the guard: `public` only for global unicast (IPv4 outside every special range of
 * ipaddr.js, IPv6 inside 2000::/3 and outside every special range). An IPv6 address that carries an IPv4 one
 * (IPv4-mapped, IPv4-translated, NAT64 64:ff9b::/96, 6to4, Teredo) is what its IPv4 address is.
 */
export interface AddressClass {
  public: boolean;
  /** The ipaddr.js range name (`unicast`, `loopback`, `private`, `linkLocal`, `uniqueLocal`, …), or `invalid`. */
  range: string;
  /** In words, for a message: `a loopback address`. */
  description: string;
}

const DESCRIPTIONS: Record<string, string> = {
  unicast: 'a public address',
  unspecified: 'an unspecified address',
  broadcast: 'a broadcast address',
  multicast: 'a multicast address',
  linkLocal: 'a link-local address',
  loopback: 'a loopback address',
  carrierGradeNat: 'a carrier-grade NAT address',
  private: 'a private address',
  uniqueLocal: 'a unique-local (private) address',
  reserved: 'a reserved address',
  ipv4Compatible: 'an IPv4-compatible IPv6 address (deprecated)',
  localNat64: 'a local-use NAT64 address',
  invalid: 'not an IP address',
};

const classOf = (range: string): AddressClass => ({
  public: range === 'unicast',
  range,
  description: DESCRIPTIONS[range] ?? 'a special-purpose (non-public) address',
});

/** Global unicast IPv6 (RFC 4291 2.4): 2000::/3. */
const GLOBAL_UNICAST_V6 = ipaddr.IPv6.parseCIDR('2000::/3');
/** RFC 8215: local-use NAT64 prefix, embeds any IPv4 address of a private network. */
const LOCAL_NAT64 = ipaddr.IPv6.parseCIDR('64:ff9b:1::/48');

const v4FromParts = (high: number, low: number): ipaddr.IPv4 =>
  new ipaddr.IPv4([high >> 8, high & 0xff, low >> 8, low & 0xff]);

/** The IPv4 addresses an IPv6 address embeds (to be reached through them), or null when it embeds none. */
function embeddedIPv4(address: ipaddr.IPv6, range: string): ipaddr.IPv4[] | null {
  const p = address.parts;
  switch (range) {
    case 'ipv4Mapped': // ::ffff:a.b.c.d
    case 'rfc6145': // ::ffff:0:a.b.c.d
    case 'rfc6052': // 64:ff9b::a.b.c.d (the local-use /48 is refused before)
      return [v4FromParts(p[6] ?? 0, p[7] ?? 0)];
    case '6to4': // 2002:AABB:CCDD::/48
      return [v4FromParts(p[1] ?? 0, p[2] ?? 0)];
    case 'teredo': // 2001:0:SERVER:SERVER:flags:port:~CLIENT:~CLIENT
      return [v4FromParts(p[2] ?? 0, p[3] ?? 0), v4FromParts(~(p[6] ?? 0) & 0xffff, ~(p[7] ?? 0) & 0xffff)];
    default:
      return null;
  }
}

function classifyV6(address: ipaddr.IPv6): AddressClass {
  if (address.match(LOCAL_NAT64)) return classOf('localNat64');
  const range = address.range();
  const embedded = embeddedIPv4(address, range);
  if (embedded !== null) {
    const worst = embedded.map((v4) => classOf(v4.range())).find((c) => !c.public);
    return worst ?? classOf('unicast');
  }
  // ::a.b.c.d (::/96, RFC 4291 2.5.5.1): deprecated, never a public destination.
  if (range === 'unicast' && address.parts.slice(0, 6).every((part) => part === 0)) return classOf('ipv4Compatible');
  if (range === 'unicast' && !address.match(GLOBAL_UNICAST_V6)) return classOf('reserved');
  return classOf(range);
}

/** Classifies an IP address in its usual text form (`10.0.0.1`, `::1`, `[::1]`, `fe80::1%eth0`). */
export function classifyAddress(text: string): AddressClass {
  const bare = text.startsWith('[') && text.endsWith(']') ? text.slice(1, -1) : text;
  const family = isIP(bare.split('%')[0] ?? '');
  if (family === 0 || !ipaddr.isValid(bare)) return classOf('invalid');
  const address = ipaddr.parse(bare);
  return address.kind() === 'ipv4' ? classOf((address as ipaddr.IPv4).range()) : classifyV6(address as ipaddr.IPv6);
}

/** True for an address a user-given URL may reach (see `classifyAddress`). */
export function isPublicAddress(text: string): boolean {
  return classifyAddress(text).public;
}
