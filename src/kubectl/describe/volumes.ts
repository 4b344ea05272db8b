import { quantityText } from './quantity-text.js';
import type { Volume } from '../../api/core/v1/volume.js';
import { LEVEL_0, LEVEL_1, LEVEL_2, LEVEL_3, type PrefixWriter } from './prefix-writer.js';

type Json = Record<string, unknown>;

const obj = (v: unknown): Json | undefined => (typeof v === 'object' && v !== null && !Array.isArray(v) ? (v as Json) : undefined);
const str = (v: unknown): string => (v === undefined || v === null ? '' : String(v));
const optional = (v: Json | undefined): boolean => v?.['optional'] === true;

/** The volume sources kubemu's workloads use, printed as describe.go's print*VolumeSource do. */
const SOURCES: [string, (src: Json, w: PrefixWriter) => void][] = [
  [
    'hostPath',
    (s, w) =>
      w.write(LEVEL_2, `Type:\tHostPath (bare host directory volume)\n    Path:\t${str(s['path'])}\n    HostPathType:\t${str(s['type']) || '<none>'}\n`),
  ],
  [
    'emptyDir',
    (s, w) => {
      const limit = s['sizeLimit'] !== undefined && quantityText(s['sizeLimit']) !== '0' ? quantityText(s['sizeLimit']) : '<unset>';
      w.write(LEVEL_2, `Type:\tEmptyDir (a temporary directory that shares a pod's lifetime)\n    Medium:\t${str(s['medium'])}\n    SizeLimit:\t${limit}\n`);
    },
  ],
  [
    'secret',
    (s, w) => w.write(LEVEL_2, `Type:\tSecret (a volume populated by a Secret)\n    SecretName:\t${str(s['secretName'])}\n    Optional:\t${optional(s)}\n`),
  ],
  [
    'configMap',
    (s, w) => w.write(LEVEL_2, `Type:\tConfigMap (a volume populated by a ConfigMap)\n    Name:\t${str(s['name'])}\n    Optional:\t${optional(s)}\n`),
  ],
  [
    'persistentVolumeClaim',
    (s, w) =>
      w.write(
        LEVEL_2,
        `Type:\tPersistentVolumeClaim (a reference to a PersistentVolumeClaim in the same namespace)\n    ClaimName:\t${str(s['claimName'])}\n    ReadOnly:\t${s['readOnly'] === true}\n`,
      ),
  ],
  [
    'downwardAPI',
    (s, w) => {
      w.write(LEVEL_2, 'Type:\tDownwardAPI (a volume populated by information about the pod)\n    Items:\n');
      for (const item of (s['items'] as Json[] | undefined) ?? []) {
        const field = obj(item['fieldRef']);
        const res = obj(item['resourceFieldRef']);
        if (field) w.write(LEVEL_3, `${str(field['fieldPath'])} -> ${str(item['path'])}\n`);
        if (res) w.write(LEVEL_3, `${str(res['resource'])} -> ${str(item['path'])}\n`);
      }
    },
  ],
  [
    'projected',
    (s, w) => {
      // 1.33 wording: `Optional:` under ConfigMapName (1.32 printed `ConfigMapOptional:  <nil>`).
      w.write(LEVEL_2, 'Type:\tProjected (a volume that contains injected data from multiple sources)\n');
      for (const source of (s['sources'] as Json[] | undefined) ?? []) {
        const secret = obj(source['secret']);
        const configMap = obj(source['configMap']);
        const token = obj(source['serviceAccountToken']);
        if (secret) w.write(LEVEL_2, `SecretName:\t${str(secret['name'])}\n    Optional:\t${optional(secret)}\n`);
        else if (source['downwardAPI'] !== undefined) w.write(LEVEL_2, 'DownwardAPI:\ttrue\n');
        else if (configMap) w.write(LEVEL_2, `ConfigMapName:\t${str(configMap['name'])}\n    Optional:\t${optional(configMap)}\n`);
        else if (token) w.write(LEVEL_2, `TokenExpirationSeconds:\t${str(token['expirationSeconds'])}\n`);
      }
    },
  ],
];

/**
 * describeVolumes: `Volumes:  <none>`, or each volume's name (one more space inside a pod
 * template) and its source; sources kubemu does not print show `<unknown>` like an unknown one.
 */
export function describeVolumes(volumes: readonly Volume[] | undefined, w: PrefixWriter, space: string): void {
  if (!volumes || volumes.length === 0) {
    w.write(LEVEL_0, `${space}Volumes:\t<none>\n`);
    return;
  }
  w.write(LEVEL_0, `${space}Volumes:\n`);
  const nameIndent = space.length > 0 ? ' ' : '';
  for (const v of volumes) {
    w.write(LEVEL_1, `${nameIndent}${str(v['name'])}:\n`);
    const found = SOURCES.find(([key]) => obj(v[key]) !== undefined);
    if (found) found[1](obj(v[found[0]])!, w);
    else w.write(LEVEL_1, '<unknown>\n');
  }
}
