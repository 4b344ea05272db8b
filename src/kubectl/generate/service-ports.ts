/**
 * The `--tcp=<port>[:<targetPort>]` specs of `create service` (create_service.go parsePorts).
 * The port is ParseUint'd (0 allowed); the target port is a number if strconv.Atoi takes it
 * (then 1..65535), else a port name (IANA_SVC_NAME). Each spec names its port with `:`
 * turned into `-`:
 *   80:8080   → { name: "80-8080", port: 80, targetPort: 8080 }
 *   443:https → { name: "443-https", port: 443, targetPort: "https" }
 *   53        → { name: "53", port: 53, targetPort: 53 }
 */
import type { JsonObject } from '../../common/json.js';
import { isValidPortName, isValidPortNum } from '../../apiserver/validation/name-formats.js';
import { goAtoi, parsePort } from './parse-port.js';

export function parseServicePort(spec: string): JsonObject {
  const parts = spec.split(':');
  const port = parsePort(parts[0]!, true);
  let targetPort: number | string = port;
  if (parts.length > 1) {
    const target = parts[1]!;
    const n = goAtoi(target);
    const errs = n === undefined ? isValidPortName(target) : isValidPortNum(n);
    if (errs.length) throw new Error(errs.join(','));
    targetPort = n ?? target;
  }
  return { name: spec.replace(/:/g, '-'), protocol: 'TCP', port, targetPort };
}
