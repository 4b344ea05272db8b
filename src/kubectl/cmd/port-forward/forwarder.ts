import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import type { AppAnswer } from './app-response.js';
import { listenerError } from './listen-errors.js';
import { type ForwardedPort, type ListenAddress, formatPorts, joinHostPort } from './parse-ports.js';

/**
 * The local side of port-forward (client-go tools/portforward PortForwarder): a listener per
 * port and address, a line per listener bound, a line per accepted connection, until stopped
 * or until the connection to the pod is lost. Instead of streaming bytes to a kubelet, each
 * HTTP request is answered by `answer`, the emulated app.
 */

/** What a request meets: the app's answer, or the pod is gone (kubectl: lost connection to pod). */
export type ForwardAnswer = AppAnswer | { kind: 'lost' };

export interface ForwarderOptions {
  addresses: readonly ListenAddress[];
  ports: readonly ForwardedPort[];
  out: (text: string) => void;
  err: (text: string) => void;
  answer: (remotePort: number, path: string) => ForwardAnswer;
  /** the error-stream text kubectl logs when the pod refuses a connection on `remote` */
  refusedMessage: (local: number, remote: number) => string;
}

/** Ends a forwarder that lost its pod: printed by the CLI as `error: lost connection to pod`. */
export class LostConnectionError extends Error {
  constructor() {
    super('lost connection to pod');
    this.name = 'LostConnectionError';
  }
}

function listen(server: Server, host: string, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    const onError = (e: Error) => reject(e);
    server.once('error', onError);
    server.listen({ host, port, ipv6Only: host.includes(':'), exclusive: true }, () => {
      server.off('error', onError);
      const a = server.address();
      resolve(typeof a === 'object' && a ? a.port : port);
    });
  });
}

export class PortForwarder {
  private readonly servers: Server[] = [];
  private readonly sockets = new Set<Socket>();
  private settle: { resolve: () => void; reject: (e: Error) => void } | undefined;
  /** resolves on stop(), rejects with LostConnectionError when the pod goes away */
  readonly done: Promise<void>;
  /** the ports as bound (a local 0 replaced by the port the OS picked) */
  readonly ports: ForwardedPort[];

  private constructor(private readonly opts: ForwarderOptions) {
    this.ports = opts.ports.map((p) => ({ ...p }));
    this.done = new Promise<void>((resolve, reject) => {
      this.settle = { resolve, reject };
    });
    // A rejection nobody awaits yet must not crash the process.
    this.done.catch(() => undefined);
  }

  /**
   * Binds every port on every address (listenOnPorts). A port fails when every `all` address
   * failed or any `any` address did: `Unable to listen on port 8080: ...` on stderr. When no port
   * could be bound at all, throws `unable to listen on any of the requested ports: [{8080 8080}]`.
   */
  static async start(opts: ForwarderOptions): Promise<PortForwarder> {
    const pf = new PortForwarder(opts);
    let anySuccess = false;
    for (const port of pf.ports) {
      const errors: string[] = [];
      const failed = { all: 0, any: 0 };
      const succeeded = { all: 0, any: 0 };
      for (const addr of opts.addresses) {
        try {
          await pf.listenOn(port, addr);
          succeeded[addr.failureMode]++;
        } catch (e) {
          errors.push(listenerError(addr.protocol, joinHostPort(addr.address, port.local), e));
          failed[addr.failureMode]++;
        }
      }
      if ((succeeded.all === 0 && failed.all > 0) || failed.any > 0) {
        opts.err(`Unable to listen on port ${port.local}: Listeners failed to create with the following errors: [${errors.join(' ')}]\n`);
      } else {
        anySuccess = true;
      }
    }
    if (!anySuccess) {
      pf.closeAll();
      throw new Error(`unable to listen on any of the requested ports: ${formatPorts(opts.ports)}`);
    }
    return pf;
  }

  private async listenOn(port: ForwardedPort, addr: ListenAddress): Promise<void> {
    const server = createServer((req, res) => {
      const a = this.opts.answer(port.remote, req.url ?? '/');
      if (a.kind === 'lost') {
        req.socket.destroy();
        this.lose();
        return;
      }
      if (a.kind === 'refused') {
        this.opts.err(this.opts.refusedMessage(port.local, port.remote));
        req.socket.destroy();
        this.lose();
        return;
      }
      // Go's net/http writes Content-Length for a short body and the headers sorted by name.
      const all: Record<string, string> = { ...a.headers, 'Content-Length': String(Buffer.byteLength(a.body)) };
      const headers: [string, string][] = Object.entries(all).sort(([x], [y]) => (x < y ? -1 : x > y ? 1 : 0));
      res.sendDate = false;
      res.writeHead(a.status, headers.flat());
      res.end(req.method === 'HEAD' ? undefined : a.body);
    });
    server.on('connection', (socket: Socket) => {
      this.opts.out(`Handling connection for ${port.local}\n`);
      this.sockets.add(socket);
      socket.on('close', () => this.sockets.delete(socket));
    });
    const bound = await listen(server, addr.address, port.local);
    this.servers.push(server);
    // The first listener of `:8080`-style port 0 fixes the port for the other addresses.
    port.local = bound;
    this.opts.out(`Forwarding from ${joinHostPort(addr.address, bound)} -> ${port.remote}\n`);
  }

  private closeAll(): void {
    for (const s of this.servers) s.close();
    for (const s of this.sockets) s.destroy();
    this.servers.length = 0;
  }

  /** Stops listening (SIGINT/SIGTERM): `done` resolves. */
  stop(): void {
    this.closeAll();
    this.settle?.resolve();
  }

  /** The pod went away: `done` rejects with LostConnectionError. */
  lose(): void {
    this.closeAll();
    this.settle?.reject(new LostConnectionError());
  }
}
