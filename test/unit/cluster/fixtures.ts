import type { KubeObject } from '../../../src/api/meta/v1.js';

/** A Deployment `name` of `replicas` pods of `example/<name>:1.0`, selected by `app: <name>`. */
export function deployment(name: string, replicas: number): KubeObject {
  return {
    apiVersion: 'apps/v1',
    kind: 'Deployment',
    metadata: { name },
    spec: {
      replicas,
      selector: { matchLabels: { app: name } },
      template: { metadata: { labels: { app: name } }, spec: { containers: [{ name: 'app', image: `example/${name}:1.0` }] } },
    },
  } as unknown as KubeObject;
}
