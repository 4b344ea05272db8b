/**
 * The port and address arguments of `kubectl port-forward`, parsed as client-go's
 * tools/portforward does (parsePorts, parseAddresses), with its error wording.
 *
 *   5000       → local 5000, remote 5000
 *   8888:5000  → local 8888, remote 5000
 *   :5000      → local 0 (a free port the OS picks), remote 5000
 *   0:5000     → the same
 */

/** A LOCAL:REMOTE pair; local 0 means "any free port" until a listener is bound. */
export interface ForwardedPort {
  local: number;
  remote: number;
}

/** Go's strconv.ParseUint(s, 10, 16) error text, as `%s` prints it. */
function parseUint16(s: string): number | string {
  if (!/^[0-9]+$/.test(s)) return `strconv.ParseUint: parsing "${s}": invalid syntax`;
  const n = Number(s);
  if (n > 65535) return `strconv.ParseUint: parsing "${s}": value out of range`;
  return n;
}

/** client-go parsePorts: throws an Error worded as kubectl prints it after `error: `. */
export function parsePorts(ports: readonly string[]): ForwardedPort[] {
  return ports.map((portString) => {
    const parts = portString.split(':');
    let localString: string;
    let remoteString: string;
    if (parts.length === 1) {
      localString = parts[0]!;
      remoteString = parts[0]!;
    } else if (parts.length === 2) {
      localString = parts[0] === '' ? '0' : parts[0]!;
      remoteString = parts[1]!;
    } else {
      throw new Error(`invalid port format '${portString}'`);
    }
    const local = parseUint16(localString);
    if (typeof local === 'string') throw new Error(`error parsing local port '${localString}': ${local}`);
    const remote = parseUint16(remoteString);
    if (typeof remote === 'string') throw new Error(`error parsing remote port '${remoteString}': ${remote}`);
    if (remote === 0) throw new Error('remote port must be > 0');
    return { local, remote };
  });
}

/** kubectl's splitPort: `8080:http` → ['8080', 'http']; `http` → ['http', 'http']. */
export function splitPort(port: string): [string, string] {
  const parts = port.split(':');
  if (parts.length === 2) return [parts[0]!, parts[1]!];
  return [parts[0]!, parts[0]!];
}

/**
 * One address to listen on. `all`: the port fails only when every `all` address failed
 * (localhost is 127.0.0.1 and ::1, and a machine without IPv6 still forwards); `any`: an
 * address the user named explicitly must be bound.
 */
export interface ListenAddress {
  address: string;
  protocol: 'tcp4' | 'tcp6';
  failureMode: 'all' | 'any';
}

const IPV4 = /^(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])(\.(25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9]?[0-9])){3}$/;

/** Whether Go's net.ParseIP accepts s as IPv6 (node's own parser agrees on what matters here). */
function isIPv6(s: string): boolean {
  if (!s.includes(':')) return false;
  try {
    return new URL(`http://[${s}]/`).hostname.length > 0;
  } catch {
    return false;
  }
}

/**
 * client-go parseAddresses: `localhost` is 127.0.0.1 and ::1 (failure mode all), an IP stands for
 * itself (any); duplicates collapse and the result is sorted by text, so `127.0.0.1` comes
 * before `::1` ('1' < ':').
 */
export function parseAddresses(addresses: readonly string[]): ListenAddress[] {
  const parsed = new Map<string, ListenAddress>();
  for (const address of addresses) {
    if (address === 'localhost') {
      if (!parsed.has('127.0.0.1')) parsed.set('127.0.0.1', { address: '127.0.0.1', protocol: 'tcp4', failureMode: 'all' });
      if (!parsed.has('::1')) parsed.set('::1', { address: '::1', protocol: 'tcp6', failureMode: 'all' });
    } else if (IPV4.test(address)) {
      parsed.set(address, { address, protocol: 'tcp4', failureMode: 'any' });
    } else if (isIPv6(address)) {
      parsed.set(address, { address, protocol: 'tcp6', failureMode: 'any' });
    } else {
      throw new Error(`${address} is not a valid IP`);
    }
  }
  return [...parsed.values()].sort((a, b) => (a.address < b.address ? -1 : a.address > b.address ? 1 : 0));
}

/** Go's net.JoinHostPort: IPv6 hosts in brackets. */
export function joinHostPort(host: string, port: number): string {
  return host.includes(':') ? `[${host}]:${port}` : `${host}:${port}`;
}

/** How Go's `%v` prints []ForwardedPort in `unable to listen on any of the requested ports: [{8080 8080}]`. */
export function formatPorts(ports: readonly ForwardedPort[]): string {
  return `[${ports.map((p) => `{${p.local} ${p.remote}}`).join(' ')}]`;
}
