/**
 * `kubectl set env` (set_env.go): Complete, Validate, RunEnv in kubectl's order, with its
 * quirks kept:
 *  - `--list` prints the (updated) env of the selected containers and changes nothing;
 *  - a container selector matching nothing is a warning on stderr, not an error;
 *  - "at least one environment variable must be provided" is checked only after a patch
 *    was sent (so on the server path only, and never when nothing changed);
 *  - with --local, --from reads the -f objects (the files), so it only works when they are
 *    ConfigMaps or Secrets.
 */
import { isJsonObject, type JsonObject } from '../../../common/json.js';
import { CliError } from '../../util/errors.js';
import { allWithSelector, localWithServerDryRun, resourcesRequired } from '../../resource/flag-conflicts.js';
import type { DryRun } from '../../util/dry-run.js';
import { type EnvVar, parseEnv, splitEnvironmentFromResources } from './env-args.js';
import { envFromObject } from './env-from.js';
import { formatEnvList } from './env-list.js';
import { envOf, overwriteError, setContainerEnv, updateEnv } from './env-update.js';
import { containerList, podSpecOf } from './pod-spec.js';
import { selectString } from './container-select.js';
import { SetPrinter } from '../../printers/print-set.js';
import type { CommandEnv } from '../../resource/command-env.js';
import { applyChanges, resolveTargets } from './visit.js';
import { AggregateCliError } from '../../util/errors.js';

export interface SetEnvOptions {
  args: string[];
  /** -e/--env values, in order */
  envParams: string[];
  files: string[];
  recursive: boolean;
  containers: string;
  from?: string;
  prefix?: string;
  keys: string[];
  list: boolean;
  resolve: boolean;
  local: boolean;
  all: boolean;
  overwrite: boolean;
  selector?: string;
  dryRun: DryRun;
  output?: string;
}

/** A change that --overwrite=false refused; kubectl prints its object name on its own line. */
class OverwriteError extends Error {}

/** set_env.go Validate: the first problem, in kubectl's order (then kubemu's refusal of --resolve). */
export function validateSetEnv(o: SetEnvOptions, resources: string[]): void {
  if (o.local && o.dryRun === 'server') throw localWithServerDryRun();
  if (o.files.length === 0 && resources.length < 1) {
    throw resourcesRequired();
  }
  if (o.list && o.output) throw new CliError('--list and --output may not be specified together');
  if (o.keys.length > 0 && !o.from) throw new CliError('when specifying --keys, a configmap or secret must be provided with --from');
  if (o.resolve) throw new CliError('--resolve is not emulated by kubemu');
}

export function runSetEnv(o: SetEnvOptions, env: CommandEnv): void {
  // Complete
  if (o.all && o.selector) throw allWithSelector();
  const split = splitEnvironmentFromResources(o.args);
  if (!split) throw new CliError(`all resources must be specified before environment changes: ${o.args.join(' ')}`);
  const printer = new SetPrinter(o.output, env.cwd, 'env updated', o.dryRun);
  validateSetEnv(o, split.resources);
  // RunEnv
  const parsed = parseEnv([...o.envParams, ...split.envArgs], () => env.stdin());
  const vars: EnvVar[] = [...parsed.env];
  if (o.from) {
    const sources = resolveTargets(
      { local: o.local, files: o.files, recursive: o.recursive, resources: [o.from], all: o.all, ...(o.selector ? { selector: o.selector } : {}) },
      env,
    );
    for (const s of sources) vars.push(...envFromObject(s.object, o.keys, (t) => env.err(t)));
  }
  if (o.prefix) for (const v of vars) v.name = `${o.prefix}${v.name}`;
  const targets = resolveTargets(
    { local: o.local, files: o.files, recursive: o.recursive, resources: split.resources, all: o.all, ...(o.selector ? { selector: o.selector } : {}) },
    env,
  );
  let listing = '';
  const mutate = (obj: JsonObject): void => {
    const spec = podSpecOf(obj);
    const selected = [
      ...containerList(spec, 'containers').filter((c) => selectString(String(c['name'] ?? ''), o.containers)),
      ...containerList(spec, 'initContainers').filter((c) => selectString(String(c['name'] ?? ''), o.containers)),
    ];
    const meta = isJsonObject(obj['metadata']) ? obj['metadata'] : {};
    const objName = typeof meta['name'] === 'string' ? meta['name'] : '';
    const kind = String(obj['kind'] ?? '');
    if (selected.length === 0) {
      env.err(`Warning: ${kind}/${objName} does not have any containers matching ${JSON.stringify(o.containers)}\n`);
      return;
    }
    for (const c of selected) {
      if (!o.overwrite) {
        const refused = overwriteError(envOf(c), vars);
        if (refused) throw new OverwriteError(refused);
      }
      const updated = updateEnv(envOf(c), vars, parsed.remove);
      setContainerEnv(c, updated);
      if (o.list) listing += formatEnvList(kind, objName, String(c['name'] ?? ''), updated);
    }
  };
  if (o.list) {
    // kubectl lists while computing the patches and then stops: errors are not reported.
    for (const t of targets) {
      try {
        mutate(structuredClone(t.object));
      } catch {
        // ignored, as kubectl does
      }
      env.out(listing);
      listing = '';
    }
    return;
  }
  const errors = applyChanges(
    targets,
    mutate,
    printer,
    {
      local: o.local,
      dryRun: o.dryRun,
      // kubectl 1.33 prints an --overwrite=false refusal as `error: <kind>/<name>\n <why>`,
      // every other failed change as `error: <kind>/<name> <why>`.
      changeError: (name, e) => (e instanceof OverwriteError ? `error: ${name}\n ${e.message}\n` : `error: ${name} ${e.message}\n`),
      patchFailure: 'failed to patch env update to pod template',
      afterPatch: () => {
        if (vars.length === 0 && split.envArgs.length === 0) throw new CliError('at least one environment variable must be provided');
      },
    },
    env,
  );
  if (errors.length === 1) throw errors[0]!;
  if (errors.length > 1) throw new AggregateCliError(errors);
}
