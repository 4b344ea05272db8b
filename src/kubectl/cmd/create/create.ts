import type { Command } from 'commander';
import { findByKind, kindGroup, type ResourceInfo } from '../../../apiserver/resources.js';
import { isJsonObject, type JsonObject } from '../../../common/json.js';
import { AggregateCliError, CliError, RawError } from '../../util/errors.js';
import type { DryRun } from '../../util/dry-run.js';
import { resolveManifestObjectsIn } from '../../resource/manifest-objects.js';
import { parseOutput, type OutputSpec } from '../../printers/output.js';
import { CreatedPrinter } from '../../generate/print-created.js';
import { createFromFile } from './create-from-files.js';
import { runCreateRaw } from './create-raw.js';
import { submitGenerated } from '../../generate/submit-generated.js';
import { generateNamespace } from '../../generate/namespace-generator.js';
import { generateDeployment, validateDeploymentParams } from '../../generate/deployment-generator.js';
import { type ConfigDataParams, generateConfigMap, validateConfigDataParams } from '../../generate/configmap-generator.js';
import { generateSecret } from '../../generate/secret-generator.js';
import { generateService, validateServiceParams } from '../../generate/service-generator.js';
import { int32Flag, stringSlice } from '../../generate/flag-values.js';
import { generatePdb, validatePdbParams } from '../../generate/pdb-generator.js';
import { CryptoRandom, randomNameSuffix } from '../../../sim/random.js';
import { type BoolFlagValue, collect, parseBoolFlag } from '../util/flags.js';
import { type Invocation, action, commandPath, configure } from '../util/program.js';
import { type Context, commandEnv } from '../util/context.js';
import { parseDryRun } from '../../util/dry-run.js';

/**
 * `kubectl create -f FILE` and the generators kubemu emulates: `create namespace`,
 * `create deployment`, `create configmap`, `create secret generic`, `create service clusterip`
 * (kubectl/pkg/cmd/create). Each generator works like kubectl's Complete → Validate → Run:
 * required flags, then `exactly one NAME`, then flag values, then the object.
 */

/** Flags every generator shares (PrintFlags, dry run, --save-config, --validate, field manager). */
function generatorFlags(cmd: Command): Command {
  return cmd
    .argument('[args...]')
    .option('-o, --output <format>', 'Output format. One of: (json, yaml, name, go-template, go-template-file, template, templatefile, jsonpath, jsonpath-as-json, jsonpath-file).')
    .option('--dry-run [strategy]', 'Must be "none", "server", or "client".')
    .option('--save-config [bool]', 'If true, the configuration of current object will be saved in its annotation.')
    .option('--validate [mode]', 'Must be one of: strict (or true), warn, ignore (or false).')
    .option('--field-manager <name>', 'Name of the manager used to track field ownership.')
    .option('--allow-missing-template-keys [bool]', 'If true, ignore any errors in templates when a field or map key is missing in the template.')
    .option('--show-managed-fields [bool]', 'If true, keep the managedFields when printing objects in JSON or YAML format.');
}

/**
 * cobra's ArgsLenAtDash: how many positional arguments came before `--`. Commander merges
 * both sides into one list, so count what followed the `--` the user typed.
 */
function argsBeforeDash(inv: Invocation, args: string[]): number {
  const dash = inv.args.indexOf('--');
  if (dash < 0) return args.length;
  return args.length - (inv.args.length - dash - 1);
}

/** cmdutil.UsageErrorf: the message, then `See '<cmd> -h' for help and examples`. */
function usageErrorf(ctx: Context, cmd: Command, msg: string): CliError {
  return new CliError(`${msg}\nSee '${ctx.io.programName} ${commandPath(cmd)} -h' for help and examples`);
}

/** NameFromCommandArgs. */
function nameFromArgs(ctx: Context, cmd: Command, inv: Invocation, args: string[]): string {
  const n = argsBeforeDash(inv, args);
  if (n !== 1) throw usageErrorf(ctx, cmd, `exactly one NAME is required, got ${n}`);
  return args[0]!;
}

/** The flags every generator (and `create -f`) shares, as commander parses them. */
export interface GeneratorFlags {
  output?: string;
  dryRun?: BoolFlagValue;
  saveConfig?: BoolFlagValue;
  /** `--validate` alone is `true`, else the mode typed */
  validate?: BoolFlagValue;
  fieldManager?: string;
  allowMissingTemplateKeys?: BoolFlagValue;
  showManagedFields?: BoolFlagValue;
}

/** What every generator reads from the shared flags. */
export interface CommonOptions {
  dryRun: DryRun;
  spec: OutputSpec | undefined;
  saveConfig: boolean;
}

/** The shared flags completed: --dry-run, then the printer, then --save-config. */
function commonOptions(ctx: Context, flags: GeneratorFlags): CommonOptions {
  const dryRun = parseDryRun(flags.dryRun);
  const output = flags.output;
  const allowMissingKeys = flags.allowMissingTemplateKeys === undefined || parseBoolFlag('allow-missing-template-keys', flags.allowMissingTemplateKeys);
  const spec = output === undefined || output === '' ? undefined : parseOutput(output, { cwd: ctx.io.cwd, tables: false, allowMissingKeys });
  const saveConfig = flags.saveConfig !== undefined && parseBoolFlag('save-config', flags.saveConfig);
  return { dryRun, spec, saveConfig };
}

function infoFor(apiVersion: string, kind: string): ResourceInfo {
  const info = findByKind(apiVersion, kind);
  if (!info) throw new Error(`kubemu does not serve ${apiVersion}/${kind}`);
  return info;
}

/** Submits a generated object and prints it; the tail of every generator's Run. */
function finish(
  ctx: Context,
  generated: JsonObject,
  c: CommonOptions,
  extra: { errorPrefix?: string; saveConfig?: boolean } = {},
): void {
  const info = infoFor(String(generated['apiVersion']), String(generated['kind']));
  const obj = submitGenerated(generated, {
    info,
    namespace: ctx.namespace(),
    dryRun: c.dryRun,
    saveConfig: extra.saveConfig ?? c.saveConfig,
    ...(extra.errorPrefix !== undefined ? { errorPrefix: extra.errorPrefix } : {}),
    api: () => ctx.cluster().api,
  });
  const name = String((isJsonObject(obj['metadata']) ? obj['metadata']['name'] : undefined) ?? '');
  ctx.io.out(new CreatedPrinter({ spec: c.spec, dryRun: c.dryRun, typed: true }).print(`${kindGroup(info)}/${name}`, obj));
  if (c.dryRun !== 'client') ctx.settle();
}

/** The namespace a generator writes into its object: only an explicit -n (EnforceNamespace). */
function enforcedNamespace(ctx: Context): { namespace?: string } {
  return ctx.namespaceExplicit ? { namespace: ctx.namespace() } : {};
}

function registerNamespace(create: Command, inv: Invocation): void {
  const cmd = configure(create.command('namespace'), inv).alias('ns').description('Create a namespace with the specified name');
  generatorFlags(cmd).action(
    action<GeneratorFlags>(inv, (ctx, args, flags) => {
      const name = nameFromArgs(ctx, cmd, inv, args);
      const c = commonOptions(ctx, flags);
      finish(ctx, generateNamespace(name), c);
    }),
  );
}

/** The flags of `create deployment` as commander parses them. */
export interface CreateDeploymentFlags extends GeneratorFlags {
  image?: string[];
  port?: string;
  replicas?: string;
}

/** What `create deployment` runs with. */
export interface CreateDeploymentOptions {
  name: string;
  images: string[];
  replicas: number;
  port: number;
  command: string[];
  common: CommonOptions;
}

/**
 * Complete: cobra's required --image first, then the int flags (pflag), then exactly one
 * NAME (what follows `--` is the command), then the shared flags and the images.
 */
export function completeCreateDeployment(ctx: Context, cmd: Command, inv: Invocation, flags: CreateDeploymentFlags, args: string[]): CreateDeploymentOptions {
  if (flags.image === undefined) throw new CliError('required flag(s) "image" not set');
  const path = commandPath(cmd);
  const replicas = flags.replicas === undefined ? 1 : int32Flag(flags.replicas, '-r, --replicas', path);
  const port = flags.port === undefined ? -1 : int32Flag(flags.port, '--port', path);
  const name = nameFromArgs(ctx, cmd, inv, args);
  const command = args.slice(1);
  const common = commonOptions(ctx, flags);
  const images = stringSlice(flags.image);
  return { name, images, replicas, port, command, common };
}

function registerDeployment(create: Command, inv: Invocation): void {
  const cmd = configure(create.command('deployment'), inv).alias('deploy').description('Create a deployment with the specified name');
  generatorFlags(cmd)
    .option('--image <image>', 'Image names to run.', collect)
    .option('--port <port>', 'The port that this container exposes.')
    .option('-r, --replicas <n>', 'Number of replicas to create. Default is 1.')
    .action(
      action<CreateDeploymentFlags>(inv, (ctx, args, flags) => {
        const o = completeCreateDeployment(ctx, cmd, inv, flags, args);
        validateDeploymentParams(o);
        const random = o.common.dryRun === 'client' ? new CryptoRandom() : ctx.cluster().api.random;
        const generated = generateDeployment({
          name: o.name,
          images: o.images,
          replicas: o.replicas,
          port: o.port,
          command: o.command,
          ...enforcedNamespace(ctx),
          randomSuffix: () => randomNameSuffix(random),
        });
        finish(ctx, generated, o.common, { errorPrefix: 'failed to create deployment: ' });
      }),
    );
}

/** Flags configmap and secret generic share. */
function dataSourceFlags(cmd: Command): Command {
  return cmd
    .option('--from-file <source>', 'Key file can be specified using its file path, in which case file basename will be used as the key, or optionally with a key and file path.', collect)
    .option('--from-literal <kv>', 'Specify a key and literal value to insert (i.e. mykey=somevalue)', collect)
    .option('--from-env-file <file>', 'Specify the path to a file to read lines of key=val pairs.', collect)
    .option('--append-hash [bool]', 'Append a hash of the object to its name (not emulated).');
}

/** The flags configmap and secret generic share, as commander parses them. */
export interface DataSourceFlags extends GeneratorFlags {
  fromFile?: string[];
  fromLiteral?: string[];
  fromEnvFile?: string[];
  appendHash?: BoolFlagValue;
}

/** The data sources completed (--append-hash is refused first). */
function dataSources(ctx: Context, flags: DataSourceFlags): Omit<ConfigDataParams, 'name' | 'namespace'> {
  if (flags.appendHash !== undefined && parseBoolFlag('append-hash', flags.appendHash)) {
    throw new CliError('--append-hash is not emulated by kubemu');
  }
  return {
    fromFile: stringSlice(flags.fromFile),
    fromLiteral: flags.fromLiteral ?? [],
    fromEnvFile: stringSlice(flags.fromEnvFile),
    cwd: ctx.io.cwd,
    env: ctx.io.env,
  };
}

function registerConfigMap(create: Command, inv: Invocation): void {
  const cmd = configure(create.command('configmap'), inv).alias('cm').description('Create a config map from a local file, directory or literal value');
  dataSourceFlags(generatorFlags(cmd)).action(
    action<DataSourceFlags>(inv, (ctx, args, flags) => {
      const name = nameFromArgs(ctx, cmd, inv, args);
      const c = commonOptions(ctx, flags);
      const sources = dataSources(ctx, flags);
      validateConfigDataParams(sources);
      const generated = generateConfigMap({ name, ...enforcedNamespace(ctx), ...sources });
      finish(ctx, generated, c, { errorPrefix: 'failed to create configmap: ' });
    }),
  );
}

/**
 * `create secret` and `create service` without a subcommand (cmdutil.DefaultSubCommandRun):
 * kubectl prints the group's help on stderr and fails; an argument is an unknown command.
 */
function groupWithoutSubcommand(inv: Invocation, group: () => Command, help: (program: string) => string) {
  return action(inv, (ctx, args) => {
    if (args.length) throw usageErrorf(ctx, group(), `unknown command ${JSON.stringify(args[0])}`);
    throw new RawError(help(ctx.io.programName), 1);
  });
}

const SECRET_HELP = (p: string) => `Create a secret with specified type.

 A docker-registry type secret is for accessing a container registry.

 A generic type secret indicate an Opaque secret type.

 A tls type secret holds TLS certificate and its associated key.

Available Commands:
  docker-registry   Create a secret for use with a Docker registry
  generic           Create a secret from a local file, directory, or literal value
  tls               Create a TLS secret

Usage:
  ${p} create secret (docker-registry | generic | tls) [options]

Use "${p} create secret <command> --help" for more information about a given command.
Use "${p} options" for a list of global command-line options (applies to all commands).
`;

const SERVICE_HELP = (p: string) => `Create a service using a specified subcommand.

Aliases:
service, svc

Available Commands:
  clusterip      Create a ClusterIP service
  externalname   Create an ExternalName service
  loadbalancer   Create a LoadBalancer service
  nodeport       Create a NodePort service

Usage:
  ${p} create service [flags] [options]

Use "${p} create service <command> --help" for more information about a given command.
Use "${p} options" for a list of global command-line options (applies to all commands).
`;

/** The flags of `create secret generic` as commander parses them. */
export interface CreateSecretFlags extends DataSourceFlags {
  type?: string;
}

function registerSecret(create: Command, inv: Invocation): void {
  const secret = configure(create.command('secret'), inv).description('Create a secret using a specified subcommand').argument('[args...]');
  secret.action(groupWithoutSubcommand(inv, () => secret, SECRET_HELP));
  const cmd = configure(secret.command('generic'), inv).description('Create a secret from a local file, directory, or literal value');
  dataSourceFlags(generatorFlags(cmd))
    .option('--type <type>', 'The type of secret to create')
    .action(
      action<CreateSecretFlags>(inv, (ctx, args, flags) => {
        const name = nameFromArgs(ctx, cmd, inv, args);
        const c = commonOptions(ctx, flags);
        const sources = dataSources(ctx, flags);
        validateConfigDataParams(sources);
        const generated = generateSecret({ name, ...enforcedNamespace(ctx), ...sources, type: flags.type ?? '' });
        // create_secret.go 1.33: fmt.Errorf("failed to create secret %v", err) — no colon.
        finish(ctx, generated, c, { errorPrefix: 'failed to create secret ' });
      }),
    );
  registerNotEmulated(secret, inv, 'secret', ['docker-registry', 'tls'], 'generic');
}

/** Subcommands of `create <group>` that kubemu does not emulate: each says so and names the one it does. */
function registerNotEmulated(group: Command, inv: Invocation, groupName: string, names: readonly string[], emulated: string): void {
  for (const other of names) {
    configure(group.command(other), inv)
      .allowUnknownOption(true)
      .argument('[args...]')
      .action(
        action(inv, () => {
          throw new CliError(`create ${groupName} ${other} is not emulated by kubemu; use create ${groupName} ${emulated}`);
        }),
      );
  }
}

/** The flags of `create service clusterip` as commander parses them. */
export interface CreateServiceFlags extends GeneratorFlags {
  tcp?: string[];
  clusterip?: string;
}

function registerService(create: Command, inv: Invocation): void {
  const service = configure(create.command('service'), inv).alias('svc').description('Create a service using a specified subcommand').argument('[args...]');
  service.action(groupWithoutSubcommand(inv, () => service, SERVICE_HELP));
  const cmd = configure(service.command('clusterip'), inv).description('Create a ClusterIP service');
  generatorFlags(cmd)
    .option('--tcp <ports>', "Port pairs can be specified as '<port>:<targetPort>'.", collect)
    .option('--clusterip <ip>', "Assign your own ClusterIP or set to 'None' for a 'headless' service (no loadbalancing).")
    .action(
      action<CreateServiceFlags>(inv, (ctx, args, flags) => {
        const name = nameFromArgs(ctx, cmd, inv, args);
        const c = commonOptions(ctx, flags);
        const params = {
          name,
          type: 'ClusterIP' as const,
          tcp: stringSlice(flags.tcp),
          clusterIP: flags.clusterip ?? '',
          ...enforcedNamespace(ctx),
        };
        validateServiceParams(params);
        // create_service.go never reads --save-config: the flag is accepted and ignored.
        finish(ctx, generateService(params), c, { errorPrefix: 'failed to create ClusterIP service: ', saveConfig: false });
      }),
    );
  registerNotEmulated(service, inv, 'service', ['nodeport', 'loadbalancer', 'externalname'], 'clusterip');
}

/** The flags of `create poddisruptionbudget` as commander parses them. */
export interface CreatePdbFlags extends GeneratorFlags {
  selector?: string;
  minAvailable?: string;
  maxUnavailable?: string;
}

function registerPodDisruptionBudget(create: Command, inv: Invocation): void {
  const cmd = configure(create.command('poddisruptionbudget'), inv).alias('pdb').description('Create a pod disruption budget with the specified name');
  generatorFlags(cmd)
    .option('--selector <selector>', 'A label selector to use for this budget. Only equality-based selector requirements are supported.')
    .option('--min-available <n>', 'The minimum number or percentage of available pods this budget requires.')
    .option('--max-unavailable <n>', 'The maximum number or percentage of unavailable pods this budget requires.')
    .action(
      action<CreatePdbFlags>(inv, (ctx, args, flags) => {
        // Complete: exactly one NAME, then the shared flags; Validate; then the object.
        const name = nameFromArgs(ctx, cmd, inv, args);
        const c = commonOptions(ctx, flags);
        const params = { name, selector: flags.selector ?? '', minAvailable: flags.minAvailable ?? '', maxUnavailable: flags.maxUnavailable ?? '' };
        validatePdbParams(params);
        const generated = generatePdb({ ...params, ...enforcedNamespace(ctx) });
        finish(ctx, generated, c, { errorPrefix: 'failed to create poddisruptionbudgets: ' });
      }),
    );
}

/** The flags of `create` (with -f) as commander parses them. */
export interface CreateFlags extends GeneratorFlags {
  filename?: string[];
  recursive?: boolean;
  edit?: BoolFlagValue;
  raw?: string;
  selector?: string;
  windowsLineEndings?: BoolFlagValue;
}

/** What `create -f` runs with. */
export interface CreateOptions {
  files: string[];
  recursive: boolean;
  /** --validate: strict, warn or true validate; false and ignore do not */
  validate: boolean;
  /** --raw: the URL path the one file is POSTed to */
  raw?: string;
  common: CommonOptions;
}

/**
 * Complete: no arguments, the shared flags, -f required, then what kubemu does not emulate
 * (--edit, --raw, -l), then --validate.
 */
export function completeCreate(ctx: Context, cmd: Command, flags: CreateFlags, args: string[]): CreateOptions {
  if (args.length) throw usageErrorf(ctx, cmd, `Unexpected args: [${args.join(' ')}]`);
  const common = commonOptions(ctx, flags);
  const files = flags.filename ?? [];
  if (files.length === 0) throw new CliError('must specify one of -f and -k');
  if (flags.raw !== undefined) {
    // ValidateArgs's --raw rules, in its order (--edit and -R first).
    if (flags.edit !== undefined && parseBoolFlag('edit', flags.edit)) throw new CliError('--raw and --edit are mutually exclusive');
    if (files.length !== 1) throw new CliError('--raw can only use a single local file or stdin');
    if (/^https?:\/\//.test(files[0] ?? '')) throw new CliError('--raw cannot read from a url');
    if (flags.recursive === true) throw new CliError('--raw and --recursive are mutually exclusive');
    if (flags.selector !== undefined) throw new CliError('--raw and --selector (-l) are mutually exclusive');
    if (flags.output) throw new CliError('--raw and --output are mutually exclusive');
    if (!flags.raw.startsWith('/') || /\s/.test(flags.raw)) throw new CliError(`--raw must be a valid URL path: parse ${JSON.stringify(flags.raw)}: invalid URI for request`);
  }
  if (flags.edit !== undefined && parseBoolFlag('edit', flags.edit)) {
    throw new CliError('--edit is not emulated by kubemu: edit the file, then run create -f');
  }
  if (flags.selector !== undefined) throw new CliError('create -l/--selector is not emulated by kubemu');
  const validate = flags.validate === undefined || flags.validate === true || !['false', 'ignore'].includes(String(flags.validate));
  return { files, recursive: flags.recursive === true, validate, common, ...(flags.raw !== undefined ? { raw: flags.raw } : {}) };
}

/** `create -f`: every object of the manifests, errors collected per object. */
function runCreateFromFiles(ctx: Context, o: CreateOptions): void {
  const { files, validate, common: c } = o;
  const { objects, errors } = resolveManifestObjectsIn(commandEnv(ctx), files, { recursive: o.recursive, validate });
  const printer = new CreatedPrinter({ spec: c.spec, dryRun: c.dryRun, typed: false });
  let created = 0;
  for (const r of objects) {
    try {
      const obj = createFromFile(r, { dryRun: c.dryRun, saveConfig: c.saveConfig, api: () => ctx.cluster().api });
      created++;
      ctx.io.out(printer.print(`${kindGroup(r.info)}/${r.name}`, obj));
      if (c.dryRun !== 'client') ctx.settle();
    } catch (e) {
      errors.push(e as Error);
    }
  }
  if (errors.length) throw new AggregateCliError(errors);
  if (created === 0) throw new CliError('no objects passed to create');
}

export function registerCreate(program: Command, inv: Invocation): void {
  const create = configure(program.command('create'), inv).description('Create a resource from a file or from stdin');
  generatorFlags(create)
    .option('-f, --filename <file>', 'Filename, directory, or URL to files to use to create the resource', collect)
    .option('-R, --recursive', 'Process the directory used in -f, --filename recursively.')
    .option('--edit [bool]', 'Edit the API resource before creating (not emulated).')
    .option('--raw <uri>', 'Raw URI to POST to the server. Uses the transport specified by the kubeconfig file. (kubemu: a pod\'s eviction only)')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on (not emulated).')
    .option('--windows-line-endings [bool]', 'Only relevant if --edit=true.')
    .action(
      action<CreateFlags>(inv, (ctx, args, flags) => {
        const o = completeCreate(ctx, create, flags, args);
        if (o.raw !== undefined) runCreateRaw(ctx, o.raw, o.files[0] ?? '');
        else runCreateFromFiles(ctx, o);
      }),
    );
  registerNamespace(create, inv);
  registerSecret(create, inv);
  registerConfigMap(create, inv);
  registerService(create, inv);
  registerDeployment(create, inv);
  registerPodDisruptionBudget(create, inv);
}
