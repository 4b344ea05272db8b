import { test } from 'node:test';
import assert from 'node:assert/strict';
import { rfc1123z } from '../../../src/kubectl/describe/time-format.js';
import { describeProbe } from '../../../src/kubectl/describe/containers.js';
import { tabbedString } from '../../../src/kubectl/describe/prefix-writer.js';
import { printAnnotationsMultiline, printLabelsMultiline, printTolerationsMultiline, taintString } from '../../../src/kubectl/describe/multiline.js';
import { camelCaseSplit, smartLabelFor } from '../../../src/kubectl/describe/generic.js';
import { eventAge } from '../../../src/kubectl/describe/events.js';
import { percent, podRequestsAndLimits } from '../../../src/kubectl/describe/pod-resources.js';
import { formatQuantity } from '../../../src/apiserver/validation/quantity.js';

test('rfc1123z: UTC, zero-padded day, Go zero time for missing values', () => {
  assert.equal(rfc1123z('2026-10-26T19:09:12Z'), 'Mon, 26 Oct 2026 19:09:12 +0000');
  assert.equal(rfc1123z('2025-01-05T09:03:00.123456Z'), 'Sun, 05 Jan 2025 09:03:00 +0000');
  assert.equal(rfc1123z(undefined), 'Mon, 01 Jan 0001 00:00:00 +0000');
});

test('describeProbe: each handler with the attribute suffix', () => {
  const attrs = { initialDelaySeconds: 0, timeoutSeconds: 2, periodSeconds: 5, successThreshold: 1, failureThreshold: 2 };
  assert.equal(
    describeProbe({ httpGet: { path: '/readyz', port: 'http', scheme: 'HTTP' }, ...attrs }),
    'http-get http://:http/readyz delay=0s timeout=2s period=5s #success=1 #failure=2',
  );
  assert.equal(describeProbe({ httpGet: { path: 'healthz', port: 8080, host: '10.0.0.1', scheme: 'HTTPS' }, ...attrs }).split(' ')[1], 'https://10.0.0.1:8080/healthz');
  assert.equal(describeProbe({ tcpSocket: { port: 5432 }, ...attrs }).split(' delay')[0], 'tcp-socket :5432');
  assert.equal(describeProbe({ exec: { command: ['sh', '-c', 'true'] }, ...attrs }).split(' delay')[0], 'exec [sh -c true]');
  assert.equal(describeProbe({ grpc: { port: 9090 }, ...attrs }).split(' delay')[0], 'grpc <pod>:9090 ');
  assert.equal(describeProbe({}), 'unknown delay=0s timeout=0s period=0s #success=0 #failure=0');
});

test('labels and annotations: sorted, continuation lines aligned, last-applied hidden', () => {
  const text = tabbedString((w) => {
    printLabelsMultiline(w, 'Labels', { b: '2', a: '1' });
    printAnnotationsMultiline(w, 'Annotations', {
      'kubectl.kubernetes.io/last-applied-configuration': '{}',
      'x/multi': 'one\ntwo\n',
      'y/short': 'v',
    });
    printLabelsMultiline(w, 'Node-Selectors', {});
  });
  assert.equal(
    text,
    [
      'Labels:          a=1',
      '                 b=2',
      'Annotations:     x/multi:',
      '                   one',
      '                   two',
      '                 y/short: v',
      'Node-Selectors:  <none>',
      '',
    ].join('\n'),
  );
  const only = tabbedString((w) => printAnnotationsMultiline(w, 'Annotations', { 'kubectl.kubernetes.io/last-applied-configuration': '{}' }));
  assert.equal(only, 'Annotations:  <none>\n');
});

test('tolerations and taints: kubectl wording', () => {
  const text = tabbedString((w) =>
    printTolerationsMultiline(w, 'Tolerations', [
      { operator: 'Exists' },
      { key: 'node.kubernetes.io/not-ready', operator: 'Exists', effect: 'NoExecute', tolerationSeconds: 300 },
      { key: 'dedicated', operator: 'Equal', value: 'web', effect: 'NoSchedule' },
    ]),
  );
  assert.equal(
    text,
    'Tolerations:  op=Exists\n              dedicated=web:NoSchedule\n              node.kubernetes.io/not-ready:NoExecute op=Exists for 300s\n',
  );
  assert.equal(taintString({ key: 'k', value: 'v', effect: 'NoSchedule' }), 'k=v:NoSchedule');
  assert.equal(taintString({ key: 'k', effect: 'NoExecute' }), 'k:NoExecute');
});

test('smartLabelFor: camel case split, acronyms, fields with other characters untouched', () => {
  assert.deepEqual(camelCaseSplit('HTTPServer'), ['HTTP', 'Server']);
  assert.deepEqual(camelCaseSplit('leaseDurationSeconds'), ['lease', 'Duration', 'Seconds']);
  assert.equal(smartLabelFor('apiVersion'), 'API Version');
  assert.equal(smartLabelFor('uid'), 'UID');
  assert.equal(smartLabelFor('creationTimestamp'), 'Creation Timestamp');
  assert.equal(smartLabelFor('foo-bar'), 'Foo - Bar');
  assert.equal(smartLabelFor('ca.crt'), 'ca.crt');
  assert.equal(smartLabelFor('v1beta1'), 'v1beta1');
});

test('eventAge: first time, or last (xN over first) when repeated', () => {
  const now = Date.parse('2026-10-26T19:40:00Z');
  assert.equal(eventAge({ firstTimestamp: '2026-10-26T19:38:20Z', lastTimestamp: '2026-10-26T19:38:20Z', count: 1 }, now), '100s');
  assert.equal(eventAge({ firstTimestamp: '2026-10-26T19:00:00Z', lastTimestamp: '2026-10-26T19:04:00Z', count: 3 }, now), '36m (x3 over 40m)');
  assert.equal(
    eventAge({ eventTime: '2026-10-26T19:39:00.000000Z', series: { count: 4, lastObservedTime: '2026-10-26T19:39:50.000000Z' } }, now),
    '10s (x4 over 60s)',
  );
  assert.equal(eventAge({}, now), '<unknown>');
});

test('pod requests: containers summed, a larger init container wins, sidecars add', () => {
  const { requests, limits } = podRequestsAndLimits({
    spec: {
      initContainers: [
        { resources: { requests: { cpu: '500m' } } },
        { restartPolicy: 'Always', resources: { requests: { cpu: '50m', memory: '10Mi' } } },
      ],
      containers: [{ resources: { requests: { cpu: '100m', memory: '64Mi' }, limits: { memory: '128Mi' } } }, { resources: { requests: { cpu: '200m' } } }],
    },
  });
  // containers 300m + sidecar 50m = 350m < the 500m init container alone → 500m
  assert.equal(formatQuantity(requests.get('cpu')!), '500m');
  assert.equal(formatQuantity(requests.get('memory')!), '74Mi');
  assert.equal(formatQuantity(limits.get('memory')!), '128Mi');
  assert.equal(percent(250n, 2000n), 12);
  assert.equal(percent(1n, 0n), 0);
});
