/**
 * What the label/annotate/patch runs need from the CLI, injected so they stay testable and do
 * not depend on the cli layer: where to write, how to read -f, the request namespace, and the
 * API server (opened only when a command needs the cluster; --local never does).
 */
import type { ApiServer } from '../../apiserver/server.js';

export interface CommandEnv {
  out(text: string): void;
  cwd: string;
  stdin(): string;
  /** -n, or `default` */
  namespace: string;
  /** -n was given (objects of -f in another namespace are then an error) */
  enforceNamespace: boolean;
  /** opens the cluster */
  api(): ApiServer;
  /** lets the controllers react after a write */
  settle(): void;
}
