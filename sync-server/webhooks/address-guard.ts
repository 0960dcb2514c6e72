/**
 * SSRF guard of outgoing webhooks: an endpoint's host is resolved at each attempt and every address
 * it resolves to is checked, and the connection goes to a checked address (the `lookup` given to
 * the HTTP request), so a name that resolves to a public address at the check and to 127.0.0.1 at
 * connect time (DNS rebinding) cannot slip through. Unless the account allows private networks, no
 * delivery reaches loopback, private (RFC 1918, RFC 4193), link-local (169.254/16: cloud metadata),
 * CGNAT, unspecified, multicast or reserved addresses.
 */
import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import { BlockList, isIP, type LookupFunction } from 'node:net';

const blocked = new BlockList();
for (const [net, prefix] of [
  ['0.0.0.0', 8],
  ['10.0.0.0', 8],
  ['100.64.0.0', 10],
  ['127.0.0.0', 8],
  ['169.254.0.0', 16],
  ['172.16.0.0', 12],
  ['192.0.0.0', 24],
  ['192.168.0.0', 16],
  ['198.18.0.0', 15],
  ['224.0.0.0', 4],
  ['240.0.0.0', 4],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv4');
}
for (const [net, prefix] of [
  ['::', 128],
  ['::1', 128],
  ['fc00::', 7],
  ['fe80::', 10],
  ['ff00::', 8],
  ['64:ff9b::', 96],
] as const) {
  blocked.addSubnet(net, prefix, 'ipv6');
}

/** A refused address; `code` is `ssrf_blocked`. */
export class BlockedAddressError extends Error {
  override readonly name = 'BlockedAddressError';
  readonly code = 'ssrf_blocked';
}

/** True when `address` (an IP literal) is private, loopback, link-local or otherwise not public. */
export function isPrivateAddress(address: string): boolean {
  const family = isIP(address);
  if (family === 4) return blocked.check(address, 'ipv4');
  if (family === 6) {
    // An IPv4-mapped IPv6 address (::ffff:127.0.0.1) is the IPv4 address.
    const mapped = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(address)?.[1];
    return mapped ? blocked.check(mapped, 'ipv4') : blocked.check(address, 'ipv6');
  }
  return true;
}

/**
 * Checks `host` when it is an IP literal (Node does not call `lookup` for those).
 * @throws BlockedAddressError when it is not public and `allowPrivate` is false.
 */
export function checkLiteralHost(host: string, allowPrivate: boolean): void {
  const bare = host.replace(/^\[|\]$/g, '');
  if (isIP(bare) && !allowPrivate && isPrivateAddress(bare)) {
    throw new BlockedAddressError(`endereço não público: ${bare}`);
  }
}

/**
 * A `lookup` for `http.request` that resolves every address of the host and refuses them all when
 * any is not public (a name mixing public and private answers is refused: the check must hold for
 * whichever the connection picks).
 */
export function guardedLookup(allowPrivate: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const list = addresses;
      const refused = allowPrivate ? undefined : list.find((a) => isPrivateAddress(a.address));
      if (refused) return callback(new BlockedAddressError(`endereço não público: ${refused.address}`), '', 0);
      if (list.length === 0) return callback(new Error(`sem endereço para ${hostname}`), '', 0);
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, list);
      callback(null, list[0]!.address, list[0]!.family);
    });
  };
}
