import { homedir } from 'node:os';
import { join, resolve } from 'node:path';
import { type Cluster, openCluster } from '../../../cluster/cluster.js';
import { settle, settleAfterWrites } from '../../../cluster/time.js';
import type { CommandIO } from './io.js';
import type { CommandEnv } from '../../resource/command-env.js';

/** Global flags every command accepts. */
export interface GlobalFlags {
  db?: string;
  namespace?: string;
}

/** Where the cluster file is: --db, else KUBEMU_DB, else ~/.kubemu/cluster.db. */
export function resolveDbPath(flag: string | undefined, io: CommandIO): string {
  const p = flag ?? io.env['KUBEMU_DB'] ?? join(io.env['HOME'] ?? homedir(), '.kubemu', 'cluster.db');
  return p === ':memory:' ? p : resolve(io.cwd, p);
}

/** What a command runs with: its IO, the global flags, and the cluster (opened on first use). */
export class Context {
  private opened: Cluster | undefined;

  constructor(
    readonly io: CommandIO,
    readonly globals: GlobalFlags,
  ) {}

  get dbPath(): string {
    return resolveDbPath(this.globals.db, this.io);
  }

  /** The cluster, caught up with everything due (controllers included) before the command looks at it. */
  cluster(): Cluster {
    if (!this.opened) {
      this.opened = openCluster(this.dbPath, {
        env: this.io.env,
        warn: (line) => this.io.err(line),
        progress: { isTTY: () => this.io.stderrIsTTY?.() ?? false, write: (text) => this.io.err(text) },
      });
      // A file that cannot be written is shown as it was last written: replaying what fell due
      // since would write (a write of the command itself fails with a clear error).
      if (!this.opened.readOnly) settle(this.opened);
    }
    return this.opened;
  }

  /**
   * After the command's own writes: lets the control plane react to what it changed (on a
   * virtual clock, in the cluster time its requests take: time.ts settleAfterWrites).
   */
  settle(): void {
    if (this.opened && !this.opened.readOnly) settleAfterWrites(this.opened);
  }

  /** The namespace of the request: -n, else `default` (kubeconfig contexts are not emulated). */
  namespace(): string {
    return this.globals.namespace || 'default';
  }

  /** Whether -n was given explicitly (kubectl's enforceNamespace). */
  get namespaceExplicit(): boolean {
    return Boolean(this.globals.namespace);
  }

  close(): void {
    this.opened?.close();
    this.opened = undefined;
  }
}

/**
 * The command environment of resource/command-env.ts, with the cluster opened only if the
 * command asks for it (label/annotate/patch/set with --local never open it).
 */
export function commandEnv(ctx: Context): CommandEnv {
  return {
    out: (t: string) => ctx.io.out(t),
    err: (t: string) => ctx.io.err(t),
    cwd: ctx.io.cwd,
    stdin: () => ctx.io.readStdin(),
    namespace: ctx.namespace(),
    enforceNamespace: ctx.namespaceExplicit,
    api: () => ctx.cluster().api,
    settle: () => ctx.settle(),
  };
}
