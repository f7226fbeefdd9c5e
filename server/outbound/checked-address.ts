/**
 * The guard of every request to a URL staff gave: the host resolved, every
 * address it has checked against the policy, and the connection pinned to
 * the address checked, so a second DNS answer cannot swap in another. Run
 * before each connection (each redirect hop, each retry), never cached.
 */
import { lookup as dnsLookup } from 'node:dns/promises';
import { isIP, type LookupFunction } from 'node:net';

/** A host whose addresses include one the policy refuses. */
export class AddressRefused extends Error {
  override name = 'AddressRefused';
  constructor(readonly host: string) {
    super(`${host} is a private or local address`);
  }
}

/** A host that could not be resolved. */
export class HostNotFound extends Error {
  override name = 'HostNotFound';
  constructor(readonly host: string) {
    super(`${host} could not be found`);
  }
}

export interface CheckedAddress {
  address: string;
  family: 4 | 6;
}

/** The address to connect to for `url`'s host, once every address it has is allowed. */
export async function checkedAddress(url: URL, isAllowedAddress: (address: string) => boolean): Promise<CheckedAddress> {
  const host = url.hostname.replace(/^\[|\]$/g, '');
  let addresses: { address: string; family: number }[];
  if (isIP(host)) {
    addresses = [{ address: host, family: isIP(host) }];
  } else {
    try {
      addresses = await dnsLookup(host, { all: true, verbatim: true });
    } catch {
      throw new HostNotFound(host);
    }
  }
  const first = addresses[0];
  if (!first) throw new HostNotFound(host);
  // Every address, not just the first: a host that also names a private one is not trusted with either.
  if (!addresses.every((entry) => isAllowedAddress(entry.address))) throw new AddressRefused(host);
  return { address: first.address, family: first.family === 6 ? 6 : 4 };
}

/** A `lookup` for node:http(s) that answers the checked address whatever it is asked. */
export function pinnedLookup(target: CheckedAddress): LookupFunction {
  return (_hostname, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
}
