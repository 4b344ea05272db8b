import type { Command } from 'commander';
import { findByKind, kindGroup, type ResourceInfo } from '../../../apiserver/resources.js';
import type { JsonObject } from '../../../common/json.js';
import { AggregateCliError, CliError, RawError } from '../../util/errors.js';
import type { DryRun } from '../../util/dry-run.js';
import { resolveManifestObjects } from '../../resource/manifest-objects.js';
import { parseOutput, type OutputSpec } from '../../printers/output.js';
import { CreatedPrinter } from '../../generate/print-created.js';
import { createFromFile } from './create-from-files.js';
import { submitGenerated } from '../../generate/submit-generated.js';
import { generateNamespace } from '../../generate/namespace-generator.js';
import { generateDeployment, validateDeploymentParams } from '../../generate/deployment-generator.js';
import { generateConfigMap, validateConfigDataParams } from '../../generate/configmap-generator.js';
import { generateSecret } from '../../generate/secret-generator.js';
import { generateService, validateServiceParams } from '../../generate/service-generator.js';
import { int32Flag, stringSlice } from '../../generate/flag-values.js';
import { CryptoRandom, randomNameSuffix } from '../../../sim/random.js';
import { collect, parseBoolFlag } from '../util/flags.js';
import { type Invocation, action, commandPath, configure } from '../util/program.js';
import type { Context } from '../util/context.js';
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

/** cobra's required-flag check, which runs before anything else. */
function requireFlags(opts: Record<string, unknown>, names: [key: string, flag: string][]): void {
  const missing = names.filter(([key]) => opts[key] === undefined).map(([, flag]) => `"${flag}"`);
  if (missing.length) throw new CliError(`required flag(s) ${missing.join(', ')} not set`);
}

/** What every generator reads from the shared flags. */
interface CommonOptions {
  dryRun: DryRun;
  spec: OutputSpec | undefined;
  saveConfig: boolean;
}

function commonOptions(ctx: Context, opts: Record<string, unknown>): CommonOptions {
  const dryRun = parseDryRun(opts['dryRun']);
  const output = opts['output'] as string | undefined;
  const allowMissingKeys = opts['allowMissingTemplateKeys'] === undefined || parseBoolFlag('allow-missing-template-keys', opts['allowMissingTemplateKeys']);
  const spec = output === undefined || output === '' ? undefined : parseOutput(output, { cwd: ctx.io.cwd, tables: false, allowMissingKeys });
  const saveConfig = opts['saveConfig'] !== undefined && parseBoolFlag('save-config', opts['saveConfig']);
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
  const name = String((obj['metadata'] as JsonObject | undefined)?.['name'] ?? '');
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
    action(inv, (ctx, args, opts) => {
      const name = nameFromArgs(ctx, cmd, inv, args);
      const c = commonOptions(ctx, opts);
      finish(ctx, generateNamespace(name), c);
    }),
  );
}

function registerDeployment(create: Command, inv: Invocation): void {
  const cmd = configure(create.command('deployment'), inv).alias('deploy').description('Create a deployment with the specified name');
  generatorFlags(cmd)
    .option('--image <image>', 'Image names to run.', collect)
    .option('--port <port>', 'The port that this container exposes.')
    .option('-r, --replicas <n>', 'Number of replicas to create. Default is 1.')
    .action(
      action(inv, (ctx, args, opts) => {
        requireFlags(opts, [['image', 'image']]);
        const path = commandPath(cmd);
        const replicas = opts['replicas'] === undefined ? 1 : int32Flag(String(opts['replicas']), '-r, --replicas', path);
        const port = opts['port'] === undefined ? -1 : int32Flag(String(opts['port']), '--port', path);
        const name = nameFromArgs(ctx, cmd, inv, args);
        const command = args.slice(1);
        const c = commonOptions(ctx, opts);
        const images = stringSlice(opts['image'] as string[]);
        validateDeploymentParams({ images, command });
        const random = c.dryRun === 'client' ? new CryptoRandom() : ctx.cluster().api.random;
        const generated = generateDeployment({
          name,
          images,
          replicas,
          port,
          command,
          ...enforcedNamespace(ctx),
          randomSuffix: () => randomNameSuffix(random),
        });
        finish(ctx, generated, c, { errorPrefix: 'failed to create deployment: ' });
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

function dataSources(ctx: Context, opts: Record<string, unknown>) {
  if (opts['appendHash'] !== undefined && parseBoolFlag('append-hash', opts['appendHash'])) {
    throw new CliError('--append-hash is not emulated by kubemu');
  }
  return {
    fromFile: stringSlice(opts['fromFile'] as string[] | undefined),
    fromLiteral: (opts['fromLiteral'] as string[] | undefined) ?? [],
    fromEnvFile: stringSlice(opts['fromEnvFile'] as string[] | undefined),
    cwd: ctx.io.cwd,
    env: ctx.io.env,
  };
}

function registerConfigMap(create: Command, inv: Invocation): void {
  const cmd = configure(create.command('configmap'), inv).alias('cm').description('Create a config map from a local file, directory or literal value');
  dataSourceFlags(generatorFlags(cmd)).action(
    action(inv, (ctx, args, opts) => {
      const name = nameFromArgs(ctx, cmd, inv, args);
      const c = commonOptions(ctx, opts);
      const sources = dataSources(ctx, opts);
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

function registerSecret(create: Command, inv: Invocation): void {
  const secret = configure(create.command('secret'), inv).description('Create a secret using a specified subcommand').argument('[args...]');
  secret.action(groupWithoutSubcommand(inv, () => secret, SECRET_HELP));
  const cmd = configure(secret.command('generic'), inv).description('Create a secret from a local file, directory, or literal value');
  dataSourceFlags(generatorFlags(cmd))
    .option('--type <type>', 'The type of secret to create')
    .action(
      action(inv, (ctx, args, opts) => {
        const name = nameFromArgs(ctx, cmd, inv, args);
        const c = commonOptions(ctx, opts);
        const sources = dataSources(ctx, opts);
        validateConfigDataParams(sources);
        const generated = generateSecret({ name, ...enforcedNamespace(ctx), ...sources, type: String(opts['type'] ?? '') });
        // create_secret.go 1.33: fmt.Errorf("failed to create secret %v", err) — no colon.
        finish(ctx, generated, c, { errorPrefix: 'failed to create secret ' });
      }),
    );
  for (const other of ['docker-registry', 'tls']) {
    configure(secret.command(other), inv)
      .allowUnknownOption(true)
      .argument('[args...]')
      .action(
        action(inv, () => {
          throw new CliError(`create secret ${other} is not emulated by kubemu; use create secret generic`);
        }),
      );
  }
}

function registerService(create: Command, inv: Invocation): void {
  const service = configure(create.command('service'), inv).alias('svc').description('Create a service using a specified subcommand').argument('[args...]');
  service.action(groupWithoutSubcommand(inv, () => service, SERVICE_HELP));
  const cmd = configure(service.command('clusterip'), inv).description('Create a ClusterIP service');
  generatorFlags(cmd)
    .option('--tcp <ports>', "Port pairs can be specified as '<port>:<targetPort>'.", collect)
    .option('--clusterip <ip>', "Assign your own ClusterIP or set to 'None' for a 'headless' service (no loadbalancing).")
    .action(
      action(inv, (ctx, args, opts) => {
        const name = nameFromArgs(ctx, cmd, inv, args);
        const c = commonOptions(ctx, opts);
        const params = {
          name,
          type: 'ClusterIP' as const,
          tcp: stringSlice(opts['tcp'] as string[] | undefined),
          clusterIP: String(opts['clusterip'] ?? ''),
          ...enforcedNamespace(ctx),
        };
        validateServiceParams(params);
        // create_service.go never reads --save-config: the flag is accepted and ignored.
        finish(ctx, generateService(params), c, { errorPrefix: 'failed to create ClusterIP service: ', saveConfig: false });
      }),
    );
  for (const other of ['nodeport', 'loadbalancer', 'externalname']) {
    configure(service.command(other), inv)
      .allowUnknownOption(true)
      .argument('[args...]')
      .action(
        action(inv, () => {
          throw new CliError(`create service ${other} is not emulated by kubemu; use create service clusterip`);
        }),
      );
  }
}

/** `create -f`: every object of the manifests, errors collected per object. */
function runCreateFromFiles(ctx: Context, cmd: Command, args: string[], opts: Record<string, unknown>): void {
  if (args.length) throw usageErrorf(ctx, cmd, `Unexpected args: [${args.join(' ')}]`);
  const c = commonOptions(ctx, opts);
  const files = (opts['filename'] as string[] | undefined) ?? [];
  if (files.length === 0) throw new CliError('must specify one of -f and -k');
  if (opts['edit'] !== undefined && parseBoolFlag('edit', opts['edit'])) {
    throw new CliError('--edit is not emulated by kubemu: edit the file, then run create -f');
  }
  if (opts['raw'] !== undefined) throw new CliError('--raw is not emulated by kubemu');
  if (opts['selector'] !== undefined) throw new CliError('create -l/--selector is not emulated by kubemu');
  const validate = opts['validate'] === undefined || opts['validate'] === true || !['false', 'ignore'].includes(String(opts['validate']));
  const { objects, errors } = resolveManifestObjects(files, {
    cwd: ctx.io.cwd,
    recursive: opts['recursive'] === true,
    stdin: () => ctx.io.readStdin(),
    namespace: ctx.namespace(),
    enforceNamespace: ctx.namespaceExplicit,
    validate,
  });
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
    .option('--raw <uri>', 'Raw URI to POST to the server (not emulated).')
    .option('-l, --selector <selector>', 'Selector (label query) to filter on (not emulated).')
    .option('--windows-line-endings [bool]', 'Only relevant if --edit=true.')
    .action(action(inv, (ctx, args, opts) => runCreateFromFiles(ctx, create, args, opts)));
  registerNamespace(create, inv);
  registerSecret(create, inv);
  registerConfigMap(create, inv);
  registerService(create, inv);
  registerDeployment(create, inv);
}
