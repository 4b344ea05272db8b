/**
 * The resource builder's refusals and their order (cli-runtime builder.go visitorResult): each
 * request is refused before the cluster is opened, with kubectl's words. The verbs' transcripts
 * pin the same messages end to end; this table pins which check wins when several apply.
 */
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { type BuilderRequest, visitServer } from '../../../src/kubectl/resource/builder.js';
import { MISSING_RESOURCE } from '../../../src/kubectl/resource/builder-checks.js';

const env = { cwd: '/', stdin: () => assert.fail('stdin must not be read'), namespace: 'default', enforceNamespace: false };
const base: BuilderRequest = { args: [], files: [], recursive: false, all: false, allNamespaces: false, local: false };
const neverOpened = () => assert.fail('the cluster must not be opened');

test('visitServer refuses a request before it opens the cluster, first problem first', () => {
  const cases: [Partial<BuilderRequest>, string][] = [
    [{ files: ['d.yaml'], args: ['pods/x'] }, 'resource/name arguments cannot be provided when a path is specified'],
    [{ files: ['d.yaml'], args: ['pods', 'x'] }, 'when paths, URLs, or stdin is provided as input, you may not specify resource arguments as well'],
    // the arguments are parsed before the selector checks
    [{ args: ['nope/x'], selector: 'a=b' }, 'the server doesn\'t have a resource type "nope"'],
    [{ args: ['pods/x'], selector: 'a=b' }, 'selectors and the all flag cannot be used when passing resource/name arguments'],
    [{ args: ['pods', 'x'], fieldSelector: 'metadata.name=x' }, 'name cannot be provided when a selector is specified'],
    [{ selector: 'a=b' }, 'at least one resource must be specified to use a selector'],
    [{}, MISSING_RESOURCE],
    // --all selects only with exactly one argument; with two it names objects
    [{ args: ['pods'] }, 'resource(s) were provided, but no name was specified'],
    [{ args: ['pods', 'x'], allNamespaces: true }, 'a resource cannot be retrieved by name across all namespaces'],
  ];
  for (const [req, message] of cases) {
    assert.throws(() => visitServer(neverOpened, { ...base, ...req }, env), (e: Error) => e.message === message, JSON.stringify(req));
  }
});
