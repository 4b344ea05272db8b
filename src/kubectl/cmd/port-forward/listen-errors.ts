/**
 * Node's listen errors in the words of Go's net package, as kubectl prints them:
 *   listen tcp4 127.0.0.1:8080: bind: address already in use
 */

const BIND_MESSAGES: Record<string, string> = {
  EADDRINUSE: 'bind: address already in use',
  EADDRNOTAVAIL: 'bind: cannot assign requested address',
  EACCES: 'bind: permission denied',
  EPERM: 'bind: permission denied',
  EAFNOSUPPORT: 'socket: address family not supported by protocol',
};

/** `unable to create listener: Error listen tcp4 127.0.0.1:8080: bind: address already in use` */
export function listenerError(protocol: string, hostPort: string, e: unknown): string {
  const code = (e as NodeJS.ErrnoException | undefined)?.code ?? '';
  const detail = BIND_MESSAGES[code] ?? (e instanceof Error ? e.message : String(e));
  return `unable to create listener: Error listen ${protocol} ${hostPort}: ${detail}`;
}
