import { BlockList, isIP } from 'node:net';

/**
 * An operator's address allowlist: exact addresses and CIDR ranges, IPv4 and IPv6 (node's
 * BlockList). An IPv4 address seen as IPv6 (::ffff:1.2.3.4) is checked as IPv4. Empty: anywhere.
 */
export function parseAllowlist(entries: string[]): BlockList | null {
  const list = new BlockList();
  for (const entry of entries) {
    const [addr, bits] = entry.split('/');
    const family = isIP(addr);
    if (!family) return null;
    const type = family === 4 ? 'ipv4' : 'ipv6';
    if (bits === undefined) list.addAddress(addr, type);
    else {
      const prefix = Number(bits);
      if (!/^\d{1,3}$/.test(bits) || prefix > (family === 4 ? 32 : 128)) return null;
      list.addSubnet(addr, prefix, type);
    }
  }
  return list;
}

/** true when the entries are all valid addresses or ranges */
export const validAllowlist = (entries: string[]) => parseAllowlist(entries) !== null;

export function addressAllowed(entriesJson: string, ip: string): boolean {
  const entries = JSON.parse(entriesJson || '[]') as string[];
  if (entries.length === 0) return true;
  const list = parseAllowlist(entries);
  if (!list) return false;
  const v4 = /^::ffff:(\d+\.\d+\.\d+\.\d+)$/i.exec(ip)?.[1];
  const addr = v4 ?? ip;
  const family = isIP(addr);
  if (!family) return false;
  return list.check(addr, family === 4 ? 'ipv4' : 'ipv6');
}
