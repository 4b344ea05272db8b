import type { Cluster } from '../../cluster/cluster.js';
import { type KeyValue, type Keyspace, RevisionCompacted } from '../../storage/keyspace.js';
import { CliError, RawError } from '../../kubectl/util/errors.js';

export interface EtcdGetOptions {
  key: string;
  rangeEnd?: string;
  prefix: boolean;
  keysOnly: boolean;
  valueOnly: boolean;
  /** 0: no limit */
  limit: number;
}

/**
 * etcdctl's simple printer: each key on a line, then its value on the next. With --keys-only the
 * server returns empty values, so every key is followed by an empty line — exactly what etcdctl prints.
 */
export function etcdGet(store: Keyspace, o: EtcdGetOptions): string {
  let kvs: KeyValue[];
  if (o.prefix) kvs = store.list(o.key);
  else if (o.rangeEnd !== undefined) kvs = store.list('').filter((kv) => kv.key >= o.key && kv.key < o.rangeEnd!);
  else {
    const kv = store.get(o.key);
    kvs = kv ? [kv] : [];
  }
  if (o.limit > 0) kvs = kvs.slice(0, o.limit);
  return kvs.map((kv) => printKv(kv, o.keysOnly, o.valueOnly)).join('');
}

function printKv(kv: KeyValue, keysOnly: boolean, valueOnly: boolean): string {
  const value = keysOnly ? '' : kv.value;
  return valueOnly ? `${value}\n` : `${kv.key}\n${value}\n`;
}

/**
 * `etcdctl compaction REV`: drops the revision log up to REV (watches from before it then fail
 * with etcd's "required revision has been compacted").
 */
export function etcdCompact(store: Keyspace, text: string): string {
  const rev = Number(text);
  if (!/^\d+$/.test(text)) throw new CliError(`bad revision: strconv.ParseInt: parsing "${text}": invalid syntax`);
  const current = store.revision();
  if (rev > current) throw new CliError('etcdserver: mvcc: required revision is a future revision');
  // cobrautl.ExitWithError(ExitError, err): `Error: <err>`, exit 1
  if (rev <= store.compactedRevision()) throw new RawError('Error: etcdserver: mvcc: required revision has been compacted\n', 1);
  store.compact(rev);
  return `compacted revision ${rev}\n`;
}

/**
 * `etcdctl defrag`: after a compaction etcd keeps the freed pages until a defrag rewrites its
 * file; here VACUUM rewrites the cluster file. etcdctl prints one line per endpoint
 * (etcdctl/ctlv3/command/defrag_command.go); its default endpoint is 127.0.0.1:2379.
 */
export function etcdDefrag(store: Keyspace, endpoints: string | undefined): string {
  store.defragment();
  const eps = (endpoints ?? '127.0.0.1:2379').split(',').filter((e) => e !== '');
  return eps.map((ep) => `Finished defragmenting etcd member[${ep}]\n`).join('');
}

export interface EtcdWatchOptions {
  key: string;
  prefix: boolean;
  rev?: number;
  prevKv: boolean;
  out: (s: string) => void;
  /** wall mode: how often to look for new revisions */
  pollMs?: number;
}

/**
 * Prints events (`PUT`/`DELETE`, key, value) from --rev on, then follows new writes until
 * interrupted. A virtual-clock cluster only changes when a command runs, so there it prints
 * the history and returns.
 */
export async function etcdWatch(cluster: Cluster, o: EtcdWatchOptions): Promise<void> {
  let after = o.rev !== undefined ? o.rev - 1 : cluster.store.revision();
  const changes = () => {
    try {
      return cluster.store.changesSince(after, o.prefix ? o.key : '');
    } catch (e) {
      // etcdctl's printWatchCh says why the server canceled the watch (the client's ErrCompacted
      // text), then watchCommandFunc exits with ExitInterrupted (5) (etcdctl/ctlv3/command/watch_command.go).
      if (e instanceof RevisionCompacted) {
        throw new RawError(`watch was canceled (etcdserver: ${e.message})\nError: watch is canceled by the server\n`, 5);
      }
      throw e;
    }
  };
  const emit = () => {
    // Up to the head: a watch of a quiet prefix moves on with the log, so the compactor never passes it.
    const head = cluster.store.revision();
    for (const e of changes()) {
      after = e.kv.modRevision;
      if (!o.prefix && e.kv.key !== o.key) continue;
      let s = `${e.type}\n`;
      if (o.prevKv && e.prevModRevision !== undefined) {
        const prev = e.deletedValue ?? cluster.store.valueAt(e.kv.key, e.prevModRevision);
        if (prev !== undefined) s += `${e.kv.key}\n${prev}\n`;
      }
      s += `${e.kv.key}\n${e.kv.value}\n`;
      o.out(s);
    }
    after = Math.max(after, head);
  };
  emit();
  if (cluster.clock.settings.mode === 'virtual') return;
  let stop = false;
  const onSignal = () => {
    stop = true;
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  while (!stop) {
    await new Promise((r) => setTimeout(r, o.pollMs ?? 200));
    emit();
  }
}
