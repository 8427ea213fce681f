import { BlockList, isIP } from 'node:net';

/**
 * Lists of addresses in the environment (TRUST_PROXY, PAYMENT_CALLBACK_ALLOWED_IPS): IPv4 and
 * IPv6 addresses and CIDR ranges, comma-separated (`127.0.0.1, 10.0.0.0/8, ::1, 2001:db8::/32`).
 */

/** The entries that are neither an address nor a CIDR range (`a.b.c.d/0-32`, `v6/0-128`). */
export function invalidIpEntries(entries: readonly string[]): string[] {
  return entries.filter((entry) => {
    const [address = '', prefix, extra] = entry.split('/');
    const family = isIP(address);
    if (family === 0 || extra !== undefined) return true;
    if (prefix === undefined) return false;
    return !/^\d{1,3}$/.test(prefix) || Number(prefix) > (family === 4 ? 32 : 128);
  });
}

export const splitList = (text: string | undefined): string[] =>
  (text ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter(Boolean);

/** Whether an address (as `request.ip` gives it) is in the list. */
export function ipMatcher(entries: readonly string[]): (ip: string) => boolean {
  const list = new BlockList();
  for (const entry of entries) {
    const [address = '', prefix] = entry.split('/');
    const type = isIP(address) === 4 ? 'ipv4' : 'ipv6';
    if (prefix === undefined) list.addAddress(address, type);
    else list.addSubnet(address, Number(prefix), type);
  }
  return (ip) => {
    // An IPv4 client seen on a dual-stack socket arrives as ::ffff:a.b.c.d.
    const plain = ip.startsWith('::ffff:') && isIP(ip.slice(7)) === 4 ? ip.slice(7) : ip;
    const family = isIP(plain);
    return family !== 0 && list.check(plain, family === 4 ? 'ipv4' : 'ipv6');
  };
}
