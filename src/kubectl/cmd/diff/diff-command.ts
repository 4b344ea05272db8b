/**
 * The client side of `kubectl diff -f`: option checks in kubectl's order (Validate), reading
 * the manifests the way the unstructured resource builder does (namespace defaulted, -l
 * filtering the file's objects, the first error stops everything), then runDiff.
 */
import type { Cluster } from '../../../cluster/cluster.js';
import { CliError } from '../../util/errors.js';
import { resolveManifestObjects } from '../../resource/manifest-objects.js';
import { parseSelector, selectorMatches, SelectorError } from '../../../labels/label-selector.js';
import { isJsonObject } from '../../../common/json.js';
import { runDiff } from './run-diff.js';
import { tempDirNumbers } from './temp-dir-numbers.js';

/** What `kubectl diff` runs with (diff.go's DiffOptions), completed from its flags by diff.ts. */
export interface DiffOptions {
  filenames: string[];
  kustomize: string | undefined;
  recursive: boolean;
  selector: string | undefined;
  serverSide: boolean;
  forceConflicts: boolean;
  showManagedFields: boolean;
  prune: boolean;
}

function labelsOf(obj: Record<string, unknown>): Record<string, string> {
  const meta = obj['metadata'];
  const labels = isJsonObject(meta) ? meta['labels'] : undefined;
  return isJsonObject(labels) ? (labels as Record<string, string>) : {};
}

/** What the command runs with (the CLI's context, narrowed). */
export interface DiffEnv {
  cwd: string;
  env: NodeJS.ProcessEnv;
  readStdin(): string;
  out(text: string): void;
  err(text: string): void;
  /** the request namespace (-n, else default) and whether -n was given */
  namespace: string;
  enforceNamespace: boolean;
  /** opens the cluster; called only once the manifests were read without error */
  cluster(): Pick<Cluster, 'api' | 'clock' | 'store'>;
}

/** Validate: kubectl's checks of the sources and server-side flags, then what kubemu does not emulate. */
export function validateDiff(f: DiffOptions): void {
  if (f.filenames.length === 0 && !f.kustomize) throw new CliError('must specify one of -f and -k');
  if (f.filenames.length > 0 && f.kustomize) throw new CliError('only one of -f or -k can be specified');
  if (f.forceConflicts && !f.serverSide) throw new CliError('--force-conflicts only works with --server-side');
  if (f.kustomize) throw new CliError('-k/--kustomize is not emulated by kubemu');
  if (f.serverSide) throw new CliError('--server-side diff is not emulated by kubemu');
  if (f.prune) throw new CliError('--prune is not emulated by kubemu');
}

/** Run: returns the diff program's status (0 no differences, 1 differences); throws on errors. */
export function diffCommand(ctx: DiffEnv, f: DiffOptions): 0 | 1 {
  let selector;
  try {
    selector = f.selector === undefined ? undefined : parseSelector(f.selector);
  } catch (e) {
    // The resource builder's wording (LabelSelectorParam).
    if (e instanceof SelectorError) throw new CliError(`the provided selector "${f.selector}" is not valid: ${e.message}`);
    throw e;
  }
  const { objects, errors } = resolveManifestObjects(f.filenames, {
    cwd: ctx.cwd,
    recursive: f.recursive,
    stdin: () => ctx.readStdin(),
    namespace: ctx.namespace,
    enforceNamespace: ctx.enforceNamespace,
    // diff's builder has no schema: nothing is validated offline.
    validate: false,
  });
  // The builder's visitor stops at the first error, and nothing is diffed then.
  if (errors[0]) throw errors[0];
  const selected = selector ? objects.filter((r) => selectorMatches(selector, labelsOf(r.object))) : objects;
  const cluster = ctx.cluster();
  return runDiff({
    api: cluster.api,
    now: () => cluster.clock.now(),
    tempDirNumbers: (prefix) => tempDirNumbers(cluster, prefix),
    objects: selected,
    showManagedFields: f.showManagedFields,
    env: ctx.env,
    out: (s) => ctx.out(s),
    err: (s) => ctx.err(s),
  });
}
