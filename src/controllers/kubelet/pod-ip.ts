/**
 * Pod IPs from the node's podCIDR, the way the host-local IPAM plugin hands them out: the
 * network address and .1 (the bridge's gateway) are never given, addresses go round-robin from
 * the last one handed out, skipping those in use, and wrap around before the broadcast address.
 *
 *   10.244.1.0/24: first pod 10.244.1.2, then .3, .4 …; after .254 comes .2 again if it is free.
 */

/** The node's allocator state, kept in the kubelet's memory. */
export interface IpamState {
  /** the last address handed out */
  last?: string;
  /** address → pod UID */
  used: Record<string, string>;
}

function ipToInt(ip: string): number {
  const parts = ip.split('.').map(Number);
  if (parts.length !== 4 || parts.some((p) => !Number.isInteger(p) || p < 0 || p > 255)) throw new Error(`bad IPv4 address ${ip}`);
  return (((parts[0]! << 24) >>> 0) + (parts[1]! << 16) + (parts[2]! << 8) + parts[3]!) >>> 0;
}

function intToIp(n: number): string {
  return [n >>> 24, (n >>> 16) & 255, (n >>> 8) & 255, n & 255].join('.');
}

/** The usable range of a CIDR: network + 2 … broadcast − 1. */
export function cidrRange(cidr: string): { first: number; last: number } {
  const [addr = '', bits = '32'] = cidr.split('/');
  const prefix = Number(bits);
  const size = 2 ** (32 - prefix);
  const network = Math.floor(ipToInt(addr) / size) * size;
  return { first: network + 2, last: network + size - 2 };
}

/** Hands out the next free address for uid (the same one again if uid already holds one). */
export function allocateIp(cidr: string, state: IpamState, uid: string): { ip: string; state: IpamState } | undefined {
  for (const [ip, owner] of Object.entries(state.used)) if (owner === uid) return { ip, state };
  const { first, last } = cidrRange(cidr);
  if (last < first) return undefined;
  const count = last - first + 1;
  const start = state.last !== undefined ? ipToInt(state.last) + 1 : first;
  for (let i = 0; i < count; i++) {
    let n = start + i;
    if (n > last || n < first) n = first + ((n - first) % count + count) % count;
    const ip = intToIp(n);
    if (state.used[ip] === undefined) return { ip, state: { last: ip, used: { ...state.used, [ip]: uid } } };
  }
  return undefined;
}

/** Gives back the addresses uid holds. */
export function releaseIp(state: IpamState, uid: string): IpamState {
  const used: Record<string, string> = {};
  for (const [ip, owner] of Object.entries(state.used)) if (owner !== uid) used[ip] = owner;
  return { ...state, used };
}
