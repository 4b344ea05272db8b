/**
 * `kubectl autoscale` (cmd/autoscale/autoscale.go, 1.33): Validate (--max ≥ 1, --max ≥ --min),
 * then for each object of the args / -f, read from the server: a resource without a scale
 * subresource is refused (`cannot autoscale a Pod: could not find scale subresource for /v1,
 * Resource=pods in discovery information`); else an autoscaling/v2 HPA is created — printed
 * `horizontalpodautoscaler.autoscaling/NAME autoscaled` — and, when that create fails, an
 * autoscaling/v1 one, whose error is the one reported (AlreadyExists reads the same either way).
 * A client dry run prints the v2 object as built (`... created (dry run)`), without the
 * --save-config annotation, which kubectl adds only on the way to the server.
 */
import { StatusError } from '../../../apiserver/errors.js';
import { findByKind, type ResourceInfo } from '../../../apiserver/resources.js';
import { objectJson, unverifiedKubeObject } from '../../../api/meta/v1.js';
import type { JsonObject } from '../../../common/json.js';
import { aggregate } from '../../resource/go-aggregate.js';
import type { CommandEnv } from '../../resource/command-env.js';
import { type Target, visitServer } from '../../resource/builder.js';
import { CreatedPrinter } from '../../generate/print-created.js';
import { generateHpaV1, generateHpaV2, type HpaParams } from '../../generate/hpa-generator.js';
import { withTypedLastApplied } from '../../generate/typed-object.js';
import type { OutputSpec } from '../../printers/output.js';
import type { DryRun } from '../../util/dry-run.js';
import { dryRunSuffix } from '../../util/dry-run.js';
import { CliError } from '../../util/errors.js';

export interface AutoscaleOptions {
  args: string[];
  files: string[];
  recursive: boolean;
  name: string;
  min: number;
  max: number;
  cpuPercent: number;
  dryRun: DryRun;
  spec: OutputSpec | undefined;
  saveConfig: boolean;
}

/** AutoscaleOptions.Validate. */
export function validateAutoscale(o: Pick<AutoscaleOptions, 'min' | 'max'>): void {
  if (o.max < 1) throw new CliError(`--max=MAXPODS is required and must be at least 1, max: ${o.max}`);
  if (o.max < o.min) throw new CliError(`--max=MAXPODS must be larger or equal to --min=MINPODS, max: ${o.max}, min: ${o.min}`);
}

/** The GroupVersionResource's String(): `apps/v1, Resource=deployments`, `/v1, Resource=pods`. */
function gvrString(info: ResourceInfo): string {
  return `${info.group}/${info.version}, Resource=${info.resource}`;
}

function hpaInfo(apiVersion: string): ResourceInfo {
  const info = findByKind(apiVersion, 'HorizontalPodAutoscaler');
  if (!info) throw new Error(`kubemu does not serve ${apiVersion} HorizontalPodAutoscaler`);
  return info;
}

export function runAutoscale(o: AutoscaleOptions, env: CommandEnv): void {
  validateAutoscale(o);
  const targets = visitServer(() => env.api(), { args: o.args, files: o.files, recursive: o.recursive, all: false, allNamespaces: false, local: false }, env);
  const errors: Error[] = [];
  let count = 0;
  for (const t of targets.items) {
    if (t instanceof Error) {
      errors.push(t);
      continue;
    }
    try {
      autoscaleOne(o, env, t);
      count++;
    } catch (e) {
      if (e instanceof Error) errors.push(e);
      else throw e;
    }
  }
  const err = aggregate(errors);
  if (err) throw err;
  if (count === 0) throw new CliError('no objects passed to autoscale');
}

/**
 * kubectl builds a printer per HPA (handleHPA calls ToPrinter each time), so several objects with
 * `-o yaml` have no `---` between them.
 */
function autoscaleOne(o: AutoscaleOptions, env: CommandEnv, t: Target): void {
  if (!t.info.hasScale) throw new CliError(`cannot autoscale a ${t.info.kind}: could not find scale subresource for ${gvrString(t.info)} in discovery information`);
  const params: HpaParams = {
    name: o.name || t.name,
    refName: t.name,
    apiVersion: t.info.group ? `${t.info.group}/${t.info.version}` : t.info.version,
    kind: t.info.kind,
    min: o.min,
    max: o.max,
    cpuPercent: o.cpuPercent,
  };
  const v2 = generateHpaV2(params);
  if (o.dryRun === 'client') {
    env.out(new CreatedPrinter({ spec: o.spec, dryRun: o.dryRun, typed: true }).print(`horizontalpodautoscaler.autoscaling/${params.name}`, v2));
    return;
  }
  let obj: JsonObject;
  try {
    obj = submit(o, env, v2);
  } catch (e) {
    if (!(e instanceof StatusError)) throw e;
    // kubectl falls back to autoscaling/v1 after any error of the v2 create
    obj = submit(o, env, generateHpaV1(params));
  }
  env.out(autoscaledText(o, obj, params.name));
  env.settle();
}

function submit(o: AutoscaleOptions, env: CommandEnv, generated: JsonObject): JsonObject {
  const body = o.saveConfig ? withTypedLastApplied(generated) : generated;
  const info = hpaInfo(String(body['apiVersion']));
  const obj = env.api().create(info, env.namespace, unverifiedKubeObject(body), { dryRun: o.dryRun === 'server' });
  return objectJson(obj);
}

/** ToPrinter("autoscaled"): the name printer's message, or the object as the server returned it. */
function autoscaledText(o: AutoscaleOptions, obj: JsonObject, name: string): string {
  const label = `horizontalpodautoscaler.autoscaling/${name}`;
  if (!o.spec) return `${label} autoscaled${dryRunSuffix(o.dryRun)}\n`;
  return new CreatedPrinter({ spec: o.spec, dryRun: o.dryRun, typed: true }).print(label, obj);
}
