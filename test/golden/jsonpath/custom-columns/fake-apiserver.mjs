// A loopback stand-in for kube-apiserver, just enough for `kubectl get configmaps` and
// `kubectl get pods` to list fixed objects: discovery for the core group and one list
// endpoint per resource. Used only to record golden custom-columns output from real kubectl.
import { createServer } from 'node:http';

const resources = [
  { name: 'configmaps', singularName: 'configmap', namespaced: true, kind: 'ConfigMap', verbs: ['get', 'list'], shortNames: ['cm'] },
  { name: 'pods', singularName: 'pod', namespaced: true, kind: 'Pod', verbs: ['get', 'list'], shortNames: ['po'] },
];

/** Starts the server; `items` maps a resource name to the objects its list returns. */
export function startFakeApiserver(items) {
  const server = createServer((req, res) => {
    const url = new URL(req.url, 'http://localhost');
    const send = (body) => {
      res.writeHead(200, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(body));
    };
    if (url.pathname === '/api') {
      return send({ kind: 'APIVersions', versions: ['v1'], serverAddressByClientCIDRs: [{ clientCIDR: '0.0.0.0/0', serverAddress: '127.0.0.1' }] });
    }
    if (url.pathname === '/apis') return send({ kind: 'APIGroupList', apiVersion: 'v1', groups: [] });
    if (url.pathname === '/api/v1') return send({ kind: 'APIResourceList', groupVersion: 'v1', resources });
    if (url.pathname === '/version') return send({ major: '1', minor: '33', gitVersion: 'v1.33.1' });
    const m = /^\/api\/v1\/namespaces\/default\/(\w+)$/.exec(url.pathname);
    if (m && items[m[1]]) {
      const kind = resources.find((r) => r.name === m[1]).kind;
      return send({ kind: `${kind}List`, apiVersion: 'v1', metadata: { resourceVersion: '1' }, items: items[m[1]] });
    }
    res.writeHead(404, { 'Content-Type': 'application/json' });
    res.end(JSON.stringify({ kind: 'Status', apiVersion: 'v1', status: 'Failure', reason: 'NotFound', code: 404 }));
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
