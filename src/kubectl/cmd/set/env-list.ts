/**
 * `set env --list` (set_env.go RunEnv): per selected container, a header line
 * `# <Kind> <name>, container <container>`, then `NAME=VALUE` for plain variables and
 * `# NAME from <reference>` for valueFrom ones (env_resolve.go GetEnvVarRefString), e.g.
 *   # Deployment web, container app
 *   FOO=1
 *   # FROM_CM from configmap settings, key mode
 */
import type { JsonObject } from '../../../common/json.js';
import { isJsonObject } from '../../../common/json.js';

/** The listing of one container's (already updated) env. */
export function formatEnvList(kind: string, objName: string, containerName: string, env: JsonObject[]): string {
  let out = `# ${kind} ${objName}, container ${containerName}\n`;
  for (const e of env) {
    const name = String(e['name'] ?? '');
    const from = e['valueFrom'];
    if (!isJsonObject(from)) {
      out += `${name}=${typeof e['value'] === 'string' ? e['value'] : ''}\n`;
      continue;
    }
    out += `# ${name} from ${envVarRefString(from)}\n`;
  }
  return out;
}

/** GetEnvVarRefString: how a valueFrom reads in the listing. */
export function envVarRefString(from: JsonObject): string {
  const cm = from['configMapKeyRef'];
  if (isJsonObject(cm)) return `configmap ${str(cm['name'])}, key ${str(cm['key'])}`;
  const secret = from['secretKeyRef'];
  if (isJsonObject(secret)) return `secret ${str(secret['name'])}, key ${str(secret['key'])}`;
  const field = from['fieldRef'];
  if (isJsonObject(field)) return `field path ${str(field['fieldPath'])}`;
  const res = from['resourceFieldRef'];
  if (isJsonObject(res)) {
    const prefix = typeof res['containerName'] === 'string' && res['containerName'] ? `${res['containerName']}/` : '';
    return `resource field ${prefix}${str(res['resource'])}`;
  }
  return 'invalid valueFrom';
}

function str(v: unknown): string {
  return typeof v === 'string' ? v : '';
}
