/**
 * Pod IPs from the node's podCIDR, the way the host-local IPAM plugin hands them out: the
 * network address and .1 (the bridge's gateway) are never given, addresses go round-robin from
 * the last one handed out, skipping those in use, and wrap around before the broadcast address.
 *
 *   10.244.1.0/24: first pod 10.244.1.2, then .3, .4 …; after .254 comes .2 again if it is free.
 */

/**
 * The node's allocator state, kept in the kubelet's memory one address per entry (a node may
 * hold hundreds of pods: handing out one address must not rewrite all of them).
 */
export interface IpamStore {
  /** the last address handed out */
  last(): string | undefined;
  /** the pod UID holding ip, if any */
  owner(ip: string): string | undefined;
  /** ip now belongs to uid, and is the last address handed out */
  take(ip: string, uid: string): void;
  release(ip: string): void;
}

/** An IpamStore in a plain map (tests, and anything that keeps the state itself). */
export function mapIpamStore(used = new Map<string, string>(), last?: string): IpamStore & { used: Map<string, string> } {
  let lastIp = last;
  return {
    used,
    last: () => lastIp,
    owner: (ip) => used.get(ip),
    take: (ip, uid) => {
      used.set(ip, uid);
      lastIp = ip;
    },
    release: (ip) => {
      used.delete(ip);
    },
  };
}

/** A dotted IPv4 address as a number, or undefined when it is none. */
export function parseIpv4(ip: string): number | undefined {
  const parts = ip.split('.');
  if (parts.length !== 4) return undefined;
  let n = 0;
  for (const p of parts) {
    // 1 to 3 decimal digits, at most 255
    if (p.length < 1 || p.length > 3) return undefined;
    let v = 0;
    for (let i = 0; i < p.length; i++) {
      const digit = p.charCodeAt(i) - 48;
      if (digit < 0 || digit > 9) return undefined;
      v = v * 10 + digit;
    }
    if (v > 255) return undefined;
    n = n * 256 + v;
  }
  return n;
}

export function intToIp(n: number): string {
  return `${n >>> 24}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;
}

/**
 * The usable range of a CIDR: network + 2 … broadcast − 1; undefined for what is no IPv4 CIDR
 * (a Node whose spec.podCIDR is empty or not an address: the kubelet then has no range to hand
 * out from, and says so instead of failing).
 */
export function cidrRange(cidr: string): Readonly<{ first: number; last: number }> | undefined {
  // A node's podCIDR is asked at each pod it starts: the same few, kept.
  if (ranges.has(cidr)) return ranges.get(cidr);
  if (ranges.size >= 10_000) ranges.clear();
  const range = parseCidrRange(cidr);
  ranges.set(cidr, range && Object.freeze(range));
  return range;
}

const ranges = new Map<string, Readonly<{ first: number; last: number }> | undefined>();

function parseCidrRange(cidr: string): { first: number; last: number } | undefined {
  const m = /^([0-9.]+)\/(\d{1,2})$/.exec(cidr);
  if (!m) return undefined;
  const addr = parseIpv4(m[1]!);
  const prefix = Number(m[2]);
  if (addr === undefined || prefix > 32) return undefined;
  const size = 2 ** (32 - prefix);
  const network = Math.floor(addr / size) * size;
  return { first: network + 2, last: network + size - 2 };
}

/** Hands out the next free address for uid, or undefined when the range is full or there is none. */
export function allocateIp(cidr: string, store: IpamStore, uid: string): string | undefined {
  const range = cidrRange(cidr);
  if (!range) return undefined;
  const { first, last } = range;
  if (last < first) return undefined;
  const count = last - first + 1;
  const prev = store.last();
  const prevN = prev === undefined ? undefined : parseIpv4(prev);
  const start = prevN !== undefined ? prevN + 1 : first;
  for (let i = 0; i < count; i++) {
    let n = start + i;
    if (n > last || n < first) n = first + ((n - first) % count + count) % count;
    const ip = intToIp(n);
    if (store.owner(ip) === undefined) {
      store.take(ip, uid);
      return ip;
    }
  }
  return undefined;
}
