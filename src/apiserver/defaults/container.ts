import type { JsonObject } from '../../common/json.js';
import { objField, objList, strField } from '../validation/json-fields.js';
import { defaultImagePullPolicy } from './image-pull-policy.js';

/**
 * Container defaults (SetDefaults_Container, _ContainerPort, _Probe, _HTTPGetAction,
 * _ObjectFieldSelector from pkg/apis/core/v1/defaults.go).
 */

/** HTTPGetAction: path "/" and scheme HTTP when unset (a set path is kept as is). */
function defaultHTTPGet(handler: JsonObject | undefined): void {
  const http = objField(handler, 'httpGet');
  if (!http) return;
  if (!strField(http, 'path')) http['path'] = '/';
  if (!strField(http, 'scheme')) http['scheme'] = 'HTTP';
}

/** Probe: timeout 1s, period 10s, success 1, failure 3 when zero or unset. */
function defaultProbe(probe: JsonObject | undefined): void {
  if (!probe) return;
  const defaults: [string, number][] = [
    ['timeoutSeconds', 1],
    ['periodSeconds', 10],
    ['successThreshold', 1],
    ['failureThreshold', 3],
  ];
  for (const [k, v] of defaults) if (!probe[k]) probe[k] = v;
  defaultHTTPGet(probe);
}

export function defaultContainer(ctr: JsonObject): void {
  if (!strField(ctr, 'imagePullPolicy')) ctr['imagePullPolicy'] = defaultImagePullPolicy(strField(ctr, 'image'));
  if (!strField(ctr, 'terminationMessagePath')) ctr['terminationMessagePath'] = '/dev/termination-log';
  if (!strField(ctr, 'terminationMessagePolicy')) ctr['terminationMessagePolicy'] = 'File';
  // `resources` is a non-pointer struct in Go, so it always serializes, as {} when empty.
  if (!objField(ctr, 'resources')) ctr['resources'] = {};
  for (const port of objList(ctr, 'ports')) if (!strField(port, 'protocol')) port['protocol'] = 'TCP';
  for (const probe of ['livenessProbe', 'readinessProbe', 'startupProbe']) defaultProbe(objField(ctr, probe));
  const lifecycle = objField(ctr, 'lifecycle');
  defaultHTTPGet(objField(lifecycle, 'postStart'));
  defaultHTTPGet(objField(lifecycle, 'preStop'));
  for (const env of objList(ctr, 'env')) {
    const fieldRef = objField(objField(env, 'valueFrom'), 'fieldRef');
    if (fieldRef && !strField(fieldRef, 'apiVersion')) fieldRef['apiVersion'] = 'v1';
  }
}
