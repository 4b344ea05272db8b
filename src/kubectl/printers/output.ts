import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import type { JsonObject, JsonValue } from '../../common/json.js';
import { type KubeObject, objectJson } from '../../api/meta/v1.js';
import { CliError } from '../util/errors.js';
import type { JsonPathPrinter } from './jsonpath-printer.js';
import type { CustomColumn } from './custom-columns.js';
import { tabwrite } from './tabwriter.js';
import { lazy } from '../../common/lazy.js';

/** Each printer is loaded when an -o asks for it (a plain table needs none of them). */
const yaml = lazy(() => require('./yaml.js') as typeof import('./yaml.js'));
const json = lazy(() => require('../../common/go-json.js') as typeof import('../../common/go-json.js'));
const jsonpath = lazy(() => require('./jsonpath-printer.js') as typeof import('./jsonpath-printer.js'));
const customColumns = lazy(() => require('./custom-columns.js') as typeof import('./custom-columns.js'));

/** The printer an `-o` flag selects. */
export type OutputSpec =
  | { kind: 'table'; wide: boolean }
  | { kind: 'yaml' }
  | { kind: 'json' }
  | { kind: 'name' }
  | { kind: 'jsonpath'; printer: JsonPathPrinter }
  | { kind: 'custom-columns'; columns: CustomColumn[] };

/** The -o values `kubectl get` lists in its error (printers it knows, emulated or not). */
const GET_FORMATS =
  'custom-columns,custom-columns-file,go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,wide,yaml';
/** The -o values of commands that print objects they changed (create, apply, label, set ...). */
export const OBJECT_FORMATS =
  'go-template,go-template-file,json,jsonpath,jsonpath-as-json,jsonpath-file,name,template,templatefile,yaml';

export interface ParseOutputOptions {
  cwd: string;
  allowMissingKeys: boolean;
  /** whether the command has tables (get) — else wide/custom-columns are not allowed */
  tables: boolean;
}

export function parseOutput(output: string | undefined, o: ParseOutputOptions): OutputSpec {
  const allowed = o.tables ? GET_FORMATS : OBJECT_FORMATS;
  const unmatched = () =>
    new CliError(`unable to match a printer suitable for the output format "${output}", allowed formats are: ${allowed}`);
  if (output === undefined || output === '') return { kind: 'table', wide: false };
  if (output === 'wide' && o.tables) return { kind: 'table', wide: true };
  if (output === 'yaml') return { kind: 'yaml' };
  if (output === 'json') return { kind: 'json' };
  if (output === 'name') return { kind: 'name' };
  const readFile = (p: string) => readFileSync(resolve(o.cwd, p), 'utf8');
  const jp = /^jsonpath/.test(output) ? jsonpath().jsonPathPrinterFor(output, readFile, { allowMissingKeys: o.allowMissingKeys }) : undefined;
  if (jp) return { kind: 'jsonpath', printer: jp };
  if (o.tables && /^custom-columns(=|$)/.test(output)) {
    return { kind: 'custom-columns', columns: customColumns().parseCustomColumns(output.slice('custom-columns='.length)) };
  }
  if (o.tables && /^custom-columns-file(=|$)/.test(output)) {
    const file = output.slice('custom-columns-file='.length);
    return { kind: 'custom-columns', columns: customColumns().parseCustomColumnsFile(readFile(file)) };
  }
  if (/^(go-template|go-template-file|template|templatefile)(=|$)/.test(output)) {
    throw new CliError(`output format "${output.split('=')[0]}" is not emulated by kubemu; use -o jsonpath=... instead`);
  }
  throw unmatched();
}

/** `deployment.apps/hello`, `pod/x`: the name printer's text for one object. */
export function nameOf(resourceLabel: string, obj: KubeObject): string {
  return `${resourceLabel}/${obj.metadata.name ?? ''}`;
}

/**
 * The List kubectl builds around several objects for structured output (get.go printGeneric):
 * `{"apiVersion":"v1","items":[...],"kind":"List","metadata":{"resourceVersion":""}}`.
 */
export function asList(objects: KubeObject[]): JsonObject {
  return {
    apiVersion: 'v1',
    items: objects.map((o) => objectJson(o)),
    kind: 'List',
    metadata: { resourceVersion: '' },
  };
}

/** Prints one value (an object or a List) with a structured printer: yaml, json or jsonpath. */
export function printStructured(spec: OutputSpec, value: JsonValue): string {
  switch (spec.kind) {
    case 'yaml':
      return yaml().toYaml(value);
    case 'json':
      return json().toJsonText(value);
    case 'jsonpath':
      return spec.printer.print(value);
    default:
      throw new Error(`printStructured: ${spec.kind} is not a structured printer`);
  }
}

/** custom-columns output for objects of one type, padded like every get table. */
export function printCustomColumns(columns: CustomColumn[], objects: KubeObject[], noHeaders: boolean): string {
  const rows = customColumns().customColumnRows(columns, objects.map((o) => objectJson(o)), noHeaders);
  return tabwrite(rows.map((r) => `${r.join('\t')}\n`).join(''));
}
