import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { badRequest } from '../../../apiserver/errors.js';
import { isJsonObject } from '../../../common/json.js';
import type { Eviction } from '../../../api/policy/v1/eviction.js';
import { unverifiedKubeObject } from '../../../api/meta/v1.js';
import { CliError } from '../../util/errors.js';
import type { Context } from '../util/context.js';

/**
 * `kubectl create --raw PATH -f FILE` (rawhttp.RawPost): the file's bytes are POSTed to PATH
 * and the server's answer is printed as it comes (no newline added); an error status is
 * kubectl's usual `Error from server (Reason): ...`. kubemu serves one such path: a pod's
 * eviction subresource, `/api/v1/namespaces/NS/pods/NAME/eviction` (with `?dryRun=All`, as the
 * server takes it); any other path says so.
 *
 *   $ kubectl create --raw /api/v1/namespaces/default/pods/web-abc/eviction -f eviction.json
 *   {"kind":"Status","apiVersion":"v1","metadata":{},"status":"Success","code":201}
 */

/** The URL path's parts, or undefined for a path kubemu does not serve. */
function evictionTarget(raw: string): { namespace: string; name: string; dryRun: boolean } | undefined {
  const q = raw.indexOf('?');
  const path = q < 0 ? raw : raw.slice(0, q);
  const query = new URLSearchParams(q < 0 ? '' : raw.slice(q + 1));
  const m = /^\/api\/v1\/namespaces\/([^/]+)\/pods\/([^/]+)\/eviction\/?$/.exec(path);
  if (!m) return undefined;
  return { namespace: decodeURIComponent(m[1] ?? ''), name: decodeURIComponent(m[2] ?? ''), dryRun: query.getAll('dryRun').includes('All') };
}

/** The request body as the server decodes it (JSON only: kubectl sends the bytes as application/json). */
function decodeBody(text: string): Eviction {
  let v: unknown;
  try {
    v = JSON.parse(text);
  } catch (e) {
    throw badRequest(`couldn't get version/kind; json parse error: ${e instanceof Error ? e.message : String(e)}`);
  }
  if (!isJsonObject(v)) throw badRequest("couldn't get version/kind; json parse error: json: cannot unmarshal into Go value of type struct { APIVersion string \"json:\\\"apiVersion,omitempty\\\"\"; Kind string \"json:\\\"kind,omitempty\\\"\" }");
  const o = unverifiedKubeObject(v);
  if (!o.metadata || !isJsonObject(o.metadata)) o.metadata = {};
  return o;
}

export function runCreateRaw(ctx: Context, raw: string, file: string): void {
  const target = evictionTarget(raw);
  if (!target) {
    throw new CliError(`create --raw is emulated by kubemu only for a pod's eviction (/api/v1/namespaces/NAMESPACE/pods/NAME/eviction), not ${raw}`);
  }
  let text: string;
  if (file === '-') text = ctx.io.readStdin();
  else {
    try {
      text = readFileSync(resolve(ctx.io.cwd, file), 'utf8');
    } catch {
      throw new CliError(`open ${file}: no such file or directory`);
    }
  }
  const body = decodeBody(text);
  const { evictionStatusText } = require('../../../apiserver/eviction.js') as typeof import('../../../apiserver/eviction.js');
  const status = ctx.cluster().api.evict(target.namespace, target.name, body, { dryRun: target.dryRun });
  ctx.io.out(evictionStatusText(status));
  ctx.settle();
}
