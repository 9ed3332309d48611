import { BlockList, isIP } from 'node:net';

/**
 * Addresses that say nothing about who a member is (issue 36 point 2): loopback (a request that
 * came through a proxy the server does not trust, or a test on this machine), the unspecified
 * address, and the operator's own proxies (TRUSTED_PROXIES: addresses or CIDR ranges). A link is
 * never made, and a search never answered, on one of them.
 */
export interface AddressFilter {
  ignored(ip: string | null | undefined): boolean;
}

const plain = (ip: string) => /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1] ?? ip;

export function addressFilter(trustedProxies: readonly string[] = []): AddressFilter {
  const list = new BlockList();
  list.addSubnet('127.0.0.0', 8, 'ipv4');
  list.addSubnet('0.0.0.0', 8, 'ipv4');
  list.addAddress('::1', 'ipv6');
  list.addAddress('::', 'ipv6');
  for (const entry of trustedProxies) {
    const [addr, bits] = entry.trim().split('/');
    const family = isIP(addr);
    if (!family) continue;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else if (/^\d{1,3}$/.test(bits) && Number(bits) <= (family === 4 ? 32 : 128)) list.addSubnet(addr, Number(bits), type);
  }
  return {
    ignored(ip) {
      if (!ip) return true;
      const addr = plain(ip.trim());
      const family = isIP(addr);
      // 'unknown', 'localhost' and other non-addresses are nobody's
      if (!family) return true;
      return list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
    },
  };
}
