import { REPO_ROOT } from '../../repo-root.js';
import { join } from 'node:path';
/**
 * Byte-for-byte comparison with real kubectl 1.33 output (test/golden/yaml/expected, made by
 * test/golden/yaml/regenerate.mjs from the argv in cases.json). Each case re-does with kubemu
 * code what the kubectl command did offline:
 *  - label --local: unstructured object, label added, printed sorted (YAML and JSON);
 *  - set image --local / create ... --dry-run=client: typed object (struct order, zero
 *    values, unknown fields dropped), JSON in that order, YAML sorted.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import fs from 'node:fs';
import path from 'node:path';
import { isJsonObject, type JsonObject, type JsonValue } from '../../../src/common/json.js';
import { readManifestSources } from '../../../src/kubectl/manifests/index.js';
import { toYaml } from '../../../src/kubectl/printers/yaml.js';
import { toJsonText } from '../../../src/common/go-json.js';
import { toTypedOrder } from '../../../src/kubectl/printers/typed-order.js';

const repoRoot = REPO_ROOT;
const goldenDir = path.join(repoRoot, 'test/golden/yaml');

type Emulation =
  | { op: 'label'; file: string; key: string; value: string; format: Format }
  | { op: 'set-image'; file: string; container: string; image: string; format: Format }
  | { op: 'create-deployment'; name: string; image: string; replicas: number; port: number; format: Format }
  | { op: 'create-configmap'; name: string; literals: [string, string][]; format: Format };
type Format = 'yaml' | 'json';

interface Case {
  name: string;
  argv: string[];
  emulate: Emulation;
  expected: string;
}

const { cases } = JSON.parse(fs.readFileSync(path.join(goldenDir, 'cases.json'), 'utf8')) as { cases: Case[] };

function read(file: string): JsonObject[] {
  return readManifestSources([file], { recursive: false, stdin: () => '', cwd: goldenDir }).flatMap((s) => s.objects);
}

function obj(v: JsonValue | undefined): JsonObject {
  assert.ok(isJsonObject(v));
  return v;
}

/** Printed as a typed object: struct order for JSON; YAML is sorted anyway. */
function printTyped(o: JsonObject, format: Format): string {
  const typed = toTypedOrder(o, { unknownFields: 'drop' });
  return format === 'json' ? toJsonText(typed, { sortKeys: false }) : toYaml(typed);
}

function printUnstructured(o: JsonObject, format: Format): string {
  return format === 'json' ? toJsonText(o) : toYaml(o);
}

/** The containers of a pod or of a pod template. */
function containersOf(o: JsonObject): JsonValue[] {
  const spec = obj(o['spec']);
  const podSpec = o['kind'] === 'Pod' ? spec : obj(obj(spec['template'])['spec']);
  const cs = podSpec['containers'];
  assert.ok(Array.isArray(cs));
  return cs;
}

function emulate(e: Emulation): string {
  switch (e.op) {
    case 'label':
      return read(e.file)
        .map((o) => {
          const meta = obj(o['metadata'] ?? {});
          meta['labels'] = { ...obj(meta['labels'] ?? {}), [e.key]: e.value };
          o['metadata'] = meta;
          return printUnstructured(o, e.format);
        })
        .join('');
    case 'set-image':
      return read(e.file)
        .map((o) => {
          for (const c of containersOf(o)) if (obj(c)['name'] === e.container) obj(c)['image'] = e.image;
          return printTyped(o, e.format);
        })
        .join('');
    case 'create-deployment': {
      // What kubectl's deployment generator builds (create_deployment.go).
      const labels = { app: e.name };
      const d: JsonObject = {
        apiVersion: 'apps/v1',
        kind: 'Deployment',
        metadata: { name: e.name, labels },
        spec: {
          replicas: e.replicas,
          selector: { matchLabels: labels },
          template: {
            metadata: { labels },
            spec: { containers: [{ name: e.name, image: e.image, ports: [{ containerPort: e.port }] }] },
          },
        },
      };
      return printTyped(d, e.format);
    }
    case 'create-configmap': {
      const data: JsonObject = {};
      for (const [k, v] of e.literals) data[k] = v;
      return printTyped({ apiVersion: 'v1', kind: 'ConfigMap', metadata: { name: e.name }, data }, e.format);
    }
  }
}

for (const c of cases) {
  test(`golden: ${c.argv.join(' ')}`, () => {
    const expected = fs.readFileSync(path.join(goldenDir, c.expected), 'utf8');
    assert.equal(emulate(c.emulate), expected);
  });
}

test('golden table is not empty and covers both formats', () => {
  assert.ok(cases.length >= 20);
  assert.ok(cases.some((c) => c.emulate.format === 'json') && cases.some((c) => c.emulate.format === 'yaml'));
});
