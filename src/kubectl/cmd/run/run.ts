import type { Command } from 'commander';
import { findByKind, kindGroup } from '../../../apiserver/resources.js';
import { isJsonObject } from '../../../common/json.js';
import { CliError } from '../../util/errors.js';
import { type OutputSpec, parseOutput } from '../../printers/output.js';
import { CreatedPrinter } from '../../generate/print-created.js';
import { submitGenerated } from '../../generate/submit-generated.js';
import { generatePod } from '../../generate/pod-generator.js';
import { isImageReference } from '../../generate/image-reference.js';
import { type BoolFlagValue, collect, parseBoolFlag } from '../util/flags.js';
import { type LateFlag, lateBool } from '../util/late-flag.js';
import { type Invocation, action, commandPath, configure } from '../util/program.js';
import type { Context } from '../util/context.js';
import { type DryRun, parseDryRun } from '../../util/dry-run.js';

/**
 * `kubectl run NAME --image=I` (kubectl/pkg/cmd/run/run.go, 1.33): creates one Pod from the
 * BasicPod generator. Attaching (-i, -t, --attach, --rm) and --expose need a running
 * container or a second object and are refused with a clear error after kubectl's own checks.
 */

const PULL_POLICIES = ['Always', 'IfNotPresent', 'Never'];
const RESTART_POLICIES = ['Always', 'OnFailure', 'Never'];

/**
 * The flags of `run` as commander parses them. Most booleans are declared without a value
 * (`-i`, `--command`): commander would otherwise take the next word (`run -i NAME`,
 * `--command sleep`) as the value, where pflag never does. `--save-config` keeps pflag's
 * `--save-config=false` form.
 */
export interface RunFlags {
  image?: string;
  labels?: string;
  annotations?: string[];
  env?: string[];
  port?: string;
  restart?: string;
  imagePullPolicy?: string;
  command?: boolean;
  privileged?: boolean;
  stdin?: boolean;
  tty?: boolean;
  attach?: boolean;
  rm?: boolean;
  leaveStdinOpen?: boolean;
  expose?: boolean;
  quiet?: boolean;
  overrides?: string;
  overrideType?: string;
  podRunningTimeout?: string;
  output?: string;
  dryRun?: BoolFlagValue;
  saveConfig?: BoolFlagValue;
  fieldManager?: string;
  allowMissingTemplateKeys?: BoolFlagValue;
}

/** What `run` runs with (run.go's RunOptions). */
export interface RunOptions {
  args: string[];
  image: string;
  dryRun: DryRun;
  spec: OutputSpec | undefined;
  interactive: boolean;
  tty: boolean;
  attach: boolean;
  remove: boolean;
  expose: boolean;
  port: string;
  restart: string;
  imagePullPolicy: string;
  overrides: string | undefined;
  labels: string;
  annotations: string[];
  env: string[];
  command: boolean;
  privileged: boolean;
  /** read only when the pod goes to the server, once it was generated */
  saveConfig: LateFlag<boolean>;
}

/** Complete: --image is required (cobra's check comes first), then the dry run and the printer. */
export function completeRun(ctx: Context, flags: RunFlags, args: string[]): RunOptions {
  if (flags.image === undefined) throw new CliError('required flag(s) "image" not set');
  const dryRun = parseDryRun(flags.dryRun);
  const output = flags.output;
  const allowMissingKeys = flags.allowMissingTemplateKeys === undefined || parseBoolFlag('allow-missing-template-keys', flags.allowMissingTemplateKeys);
  const spec = output === undefined || output === '' ? undefined : parseOutput(output, { cwd: ctx.io.cwd, tables: false, allowMissingKeys });
  const interactive = flags.stdin === true;
  return {
    args,
    image: flags.image,
    dryRun,
    spec,
    interactive,
    tty: flags.tty === true,
    // --attach defaults to true with -i (Complete: `if !attachFlag.Changed && o.Interactive`).
    attach: flags.attach === undefined ? interactive : flags.attach,
    remove: flags.rm === true,
    expose: flags.expose === true,
    port: flags.port ?? '',
    restart: flags.restart ?? 'Always',
    imagePullPolicy: flags.imagePullPolicy ?? '',
    overrides: flags.overrides,
    labels: flags.labels ?? '',
    annotations: flags.annotations ?? [],
    env: flags.env ?? [],
    command: flags.command === true,
    privileged: flags.privileged === true,
    saveConfig: lateBool(flags.saveConfig, 'save-config'),
  };
}

/** Validate: Run's checks, in kubectl's order, then what kubemu cannot do. */
export function validateRun(o: RunOptions, usage: (msg: string) => CliError): void {
  const { args, image, tty, interactive, attach, dryRun, port, restart, imagePullPolicy: pullPolicy } = o;
  // run.go also refuses `ArgsLenAtDash == 0`, but kubectl 1.33 in fact takes
  // `run --image=nginx -- sleep 1` as a pod named `sleep` (recorded golden run-dash-no-name):
  // the dash position never reaches the check. Only an empty argument list fails here.
  if (args.length === 0) throw usage('NAME is required for run');
  if (image === '') throw new CliError('--image is required');
  if (!isImageReference(image)) throw new CliError(`Invalid image name ${JSON.stringify(image)}: invalid reference format`);
  if (tty && !interactive) throw usage('-i/--stdin is required for containers with -t/--tty=true');
  if (o.expose && port === '') throw usage('--port must be set when exposing a service');
  if (restart !== '' && !RESTART_POLICIES.includes(restart)) throw usage(`invalid restart policy: ${restart}`);
  if (!attach && o.remove) throw usage('--rm should only be used for attached containers');
  if (attach && dryRun !== 'none') {
    throw usage("--dry-run=[server|client] can't be used with attached containers options (--attach, --stdin, or --tty)");
  }
  if (pullPolicy !== '' && !PULL_POLICIES.includes(pullPolicy)) throw usage(`invalid image pull policy: ${pullPolicy}`);
  // What kubemu cannot do.
  if (attach || interactive || tty) throw new CliError('kubectl run -i/-t/--attach is not emulated by kubemu: there is no container to attach to');
  if (o.expose) throw new CliError('kubectl run --expose is not emulated by kubemu; create the Service with kubectl create service clusterip');
  if (o.overrides !== undefined) throw new CliError('kubectl run --overrides is not emulated by kubemu');
}

/** Run: the pod from the BasicPod generator, submitted and printed. */
function runPod(ctx: Context, o: RunOptions): void {
  const { args, dryRun } = o;
  const generated = generatePod({
    name: args[0]!,
    image: o.image,
    labels: o.labels,
    annotations: o.annotations,
    env: o.env,
    port: o.port,
    restart: o.restart,
    imagePullPolicy: o.imagePullPolicy,
    command: o.command,
    args: args.slice(1),
    privileged: o.privileged,
    ...(ctx.namespaceExplicit && dryRun === 'client' ? { namespace: ctx.namespace() } : {}),
  });
  const info = findByKind('v1', 'Pod');
  if (!info) throw new Error('kubemu does not serve v1/Pod');
  const obj = submitGenerated(generated, {
    info,
    namespace: ctx.namespace(),
    dryRun,
    // run adds the annotation only when the pod goes to the server.
    saveConfig: dryRun !== 'client' && o.saveConfig(),
    api: () => ctx.cluster().api,
  });
  const name = String((isJsonObject(obj['metadata']) ? obj['metadata']['name'] : undefined) ?? '');
  ctx.io.out(new CreatedPrinter({ spec: o.spec, dryRun, typed: true }).print(`${kindGroup(info)}/${name}`, obj));
  if (dryRun !== 'client') ctx.settle();
}

export function registerRun(program: Command, inv: Invocation): void {
  const cmd = configure(program.command('run'), inv).description('Run a particular image on the cluster');
  cmd
    .argument('[args...]')
    .option('--image <image>', 'The image for the container to run.')
    .option('-l, --labels <labels>', 'Comma separated labels to apply to the pod. Will override previous values.')
    .option('--annotations <kv>', 'Annotations to apply to the pod.', collect)
    .option('--env <kv>', 'Environment variables to set in the container.', collect)
    .option('--port <port>', 'The port that this container exposes.')
    .option('--restart <policy>', 'The restart policy for this Pod.  Legal values [Always, OnFailure, Never].')
    .option('--image-pull-policy <policy>', 'The image pull policy for the container.')
    .option('--command', "If true and extra arguments are present, use them as the 'command' field in the container.")
    .option('--privileged', 'If true, run the container in privileged mode.')
    .option('-i, --stdin', 'Keep stdin open on the container in the pod (not emulated).')
    .option('-t, --tty', 'Allocate a TTY for the container in the pod (not emulated).')
    .option('--attach', 'Attach to the Pod once it runs (not emulated).')
    .option('--rm', 'Delete the pod after it exits (not emulated).')
    .option('--leave-stdin-open', 'Leave stdin open after the first attach completes.')
    .option('--expose', 'Create a ClusterIP service associated with the pod (not emulated).')
    .option('-q, --quiet', 'If true, suppress prompt messages.')
    .option('--overrides <json>', 'An inline JSON override for the generated object (not emulated).')
    .option('--override-type <type>', 'The method used to override the generated object.')
    .option('--pod-running-timeout <duration>', 'The length of time to wait for the pod to be running.')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, jsonpath, ...).')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('--save-config [bool]', 'If true, the configuration of current object will be saved in its annotation.')
    .option('--field-manager <name>', 'Name of the manager used to track field ownership.')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing.')
    .action(
      action<RunFlags>(inv, (ctx, args, flags) => {
        const o = completeRun(ctx, flags, args);
        validateRun(o, (msg) => new CliError(`${msg}\nSee '${ctx.io.programName} ${commandPath(cmd)} -h' for help and examples`));
        runPod(ctx, o);
      }),
    );
}
