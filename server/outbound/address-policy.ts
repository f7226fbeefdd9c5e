/**
 * Which addresses this server may connect to for a URL staff gave it (a
 * campaign page, a webhook endpoint). A URL staff paste must not turn the
 * server into a way of reading the machines beside it (its database, a cloud's metadata service, a router's admin
 * page), so only public unicast addresses are allowed unless the operator
 * says otherwise (CAMPAIGN_FETCH_ALLOW_PRIVATE, WEBHOOKS_ALLOW_PRIVATE).
 */
import { BlockList, isIP } from 'node:net';

const refused = new BlockList();
for (const [network, prefix] of [
  ['0.0.0.0', 8], // "this network"
  ['10.0.0.0', 8], // private
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8], // loopback
  ['169.254.0.0', 16], // link-local (and cloud metadata services)
  ['172.16.0.0', 12], // private
  ['192.0.0.0', 24], // protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // 6to4 relays
  ['192.168.0.0', 16], // private
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, and the broadcast address
] as const) {
  refused.addSubnet(network, prefix, 'ipv4');
}
for (const [network, prefix] of [
  ['::', 96], // unspecified, loopback and the old IPv4-compatible form
  ['::ffff:0:0:0', 96], // IPv4-translated (SIIT): an IPv4 address in disguise
  ['64:ff9b::', 96], // NAT64: an IPv4 address in disguise
  ['64:ff9b:1::', 48], // local-use NAT64: the same
  ['100::', 64], // discard
  ['2001::', 32], // Teredo: an IPv4 address in disguise
  ['2001:db8::', 32], // documentation
  ['2002::', 16], // 6to4: an IPv4 address in disguise
  ['fc00::', 7], // unique-local
  ['fe80::', 10], // link-local
  ['fec0::', 10], // the old site-local
  ['ff00::', 8], // multicast
] as const) {
  refused.addSubnet(network, prefix, 'ipv6');
}

/** `::ffff:a.b.c.d` (either spelling) as the IPv4 address it stands for; anything else unchanged. */
export function unmapIpv4(address: string): string {
  const lower = address.toLowerCase();
  const dotted = /^(?:0{0,4}:){0,5}:?ffff:(\d{1,3}(?:\.\d{1,3}){3})$/.exec(lower);
  if (dotted?.[1]) return dotted[1];
  const hex = /^(?:0{0,4}:){0,5}:?ffff:([0-9a-f]{1,4}):([0-9a-f]{1,4})$/.exec(lower);
  if (hex?.[1] && hex[2]) {
    const high = Number.parseInt(hex[1], 16);
    const low = Number.parseInt(hex[2], 16);
    return `${high >> 8}.${high & 255}.${low >> 8}.${low & 255}`;
  }
  return address;
}

/** Whether `address` (an IP address, v4 or v6) is private, loopback, link-local, unique-local or otherwise not public. */
export function isRefusedAddress(address: string): boolean {
  const plain = unmapIpv4(address.replace(/^\[|\]$/g, '').replace(/%.*$/, ''));
  const family = isIP(plain);
  if (family === 4) return refused.check(plain, 'ipv4');
  if (family === 6) return refused.check(plain, 'ipv6');
  // Not an address at all: nothing to connect to.
  return true;
}
