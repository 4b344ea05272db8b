/**
 * What a verb's run needs from the CLI, injected so it stays testable and does not depend on
 * the cli layer: where to write, how to read -f, the request namespace, and the API server
 * (opened only when a command needs the cluster; --local never does). cmd/util/context.ts's
 * commandEnv(ctx) builds it; verbs that need more (a wait in cluster time, stop signals) extend it.
 */
import type { ApiServer } from '../../apiserver/server.js';

export interface CommandEnv {
  out(text: string): void;
  /** stderr: warnings such as `set env`'s "does not have any containers matching" */
  err(text: string): void;
  cwd: string;
  stdin(): string;
  /** -n, or `default` */
  namespace: string;
  /** -n was given (objects of -f in another namespace are then an error) */
  enforceNamespace: boolean;
  /** opens the cluster */
  api(): ApiServer;
  /** lets the controllers react after a write (on a virtual clock in the 20 ms the write takes: time.ts settleAfterWrites) */
  settle(): void;
}
