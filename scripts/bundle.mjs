#!/usr/bin/env node
// Packs the modules a short command loads into one file, dist/kubemu.js, that bin/kubemu loads.
//
// Why: `kubemu get pods` loads about 80 of our 390 modules and about 20 of its dependencies' (commander,
// better-sqlite3's JavaScript); Node resolves, stats, reads and compiles each one, a large share of a
// short command's run time. One file is one read, and with the code cache below most of what a short
// command runs needs no compiling at all. (Measured: a pack of all 390 modules without the cache was
// slower than separate files; V8 pre-parses all of it.)
//
// How: every module keeps its own CommonJS scope (a function taking exports, require, module,
// __filename, __dirname, as Node's own wrapper does) and its real __filename/__dirname. Each packed
// module's requires are resolved here, as Node would resolve them from its file; at run time a
// relative require of one of our modules left out of the pack compiles it from dist/src with the same
// loader, and anything else (node: builtins, dependencies' other files) goes to Node's require.
// Then it runs `get pods` once from the pack on a scratch cluster and stores V8's code cache of what that
// compiled (dist/kubemu.cache), which bin/load-cli.js hands back to V8 on every run. The same run then
// goes on with the commands users run on a cluster (apply, scale, rollout status, ...) and stores V8's
// code cache of each of our modules they compiled from dist/src (dist/modules.cache), which the pack's
// loader hands back to V8 when it compiles that module: a write command at 10,000 pods (`scale`) spent
// ~50 ms of its ~0.3 s compiling the 120 control-plane and validation modules the pack leaves out.
// No dependency is added for this: the whole packer is this file.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { createRequire } from 'node:module';
import { dirname, isAbsolute, join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const root = join(dirname(fileURLToPath(import.meta.url)), '..');
const srcDir = join(root, 'dist', 'src');
const out = join(root, 'dist', 'kubemu.js');
const cache = join(root, 'dist', 'kubemu.cache');
const modulesCache = join(root, 'dist', 'modules.cache');
const example = (file) => join(root, 'examples', file);
/** What the warming run does after `get pods`, on the scratch cluster: the article's app, rolled out and changed. */
const WARM_COMMANDS = [
  ['apply', '-f', example('hello-imagerepository.yaml'), '-f', example('hello-deploy.yaml')],
  ['rollout', 'status', 'deployment/hello'],
  ['scale', 'deployment', 'hello', '--replicas=5'],
  ['set', 'image', 'deployment/hello', 'hello=ghcr.io/example/hello:1.1'],
  ['rollout', 'status', 'deployment/hello'],
  ['cluster', 'advance', '1m'],
  ['describe', 'deployment', 'hello'],
  ['get', 'pods', '-o', 'yaml'],
  ['delete', 'deployment', 'hello'],
];

function walk(dir) {
  const files = [];
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) files.push(...walk(path));
    else if (entry.name.endsWith('.js')) files.push(path);
  }
  return files.sort();
}

// The modules a short command loads, ours and our dependencies' (found by running `get pods` from
// dist/src), go into the pack; our other modules stay in dist/src and are compiled from there by the
// same loader when a command needs them, so there is still one module registry. Packing all 390 made V8
// pre-parse 1.4 MB on every run. Our dependencies' other files load through Node as usual.
function hotModules() {
  const scratch = mkdtempSync(join(tmpdir(), 'kubemu-bundle-'));
  try {
    const trace = [
      `require(${JSON.stringify(join(srcDir, 'cli', 'main.js'))}).main(['node', 'kubemu', 'get', 'pods']).then(() => {`,
      "  require('node:fs').writeFileSync(process.env.KUBEMU_BUNDLE_TRACE, JSON.stringify(Object.keys(require.cache)));",
      '});',
    ].join('\n');
    const traceFile = join(scratch, 'modules.json');
    createScratchCluster(scratch);
    const env = { ...scratchEnv(scratch), KUBEMU_BUNDLE_TRACE: traceFile };
    const run = spawnSync(process.execPath, ['-e', trace], { env, encoding: 'utf8' });
    if (run.status !== 0) throw new Error(`tracing get pods failed: ${run.stderr}`);
    const loaded = JSON.parse(readFileSync(traceFile, 'utf8'));
    return loaded.filter((f) => f.endsWith('.js') && (f.startsWith(srcDir + sep) || f.split(sep).includes('node_modules')));
  } finally {
    rmSync(scratch, { recursive: true, force: true });
  }
}

function scratchEnv(scratch) {
  return { ...process.env, KUBEMU_DB: join(scratch, 'cluster.db'), KUBEMU_CLOCK: 'virtual', KUBEMU_SEED: '1' };
}

/**
 * The cluster the traced and the warming run of `get pods` look at, created beforehand: what a short
 * command loads is what it loads on an existing cluster, not the bootstrap of a new one.
 */
function createScratchCluster(scratch) {
  const create = `require(${JSON.stringify(join(srcDir, 'cli', 'main.js'))}).main(['node', 'kubemu', 'get', 'pods']).then((code) => { process.exitCode = code; });`;
  const run = spawnSync(process.execPath, ['-e', create], { env: scratchEnv(scratch), encoding: 'utf8' });
  if (run.status !== 0) throw new Error(`creating the scratch cluster failed: ${run.stderr}`);
}

/** A module's id in the pack: its path from the package root, with forward slashes. */
const idOf = (file) => relative(root, file).split(sep).join('/');

/** The string-literal requires of a module's code (what the TypeScript output and our dependencies use). */
function requiredSpecs(code) {
  return [...code.matchAll(/\brequire\(\s*(['"])([^'"]+)\1\s*\)/g)].map((m) => m[2]);
}

const hot = hotModules();
const packed = new Set(hot.map(idOf));
const ownIds = walk(srcDir).map(idOf);
const defs = [];
/** per packed module: specifier → packed id, resolved now as Node would resolve it from that file */
const links = {};
/** bare specifiers our own modules use (`commander`) → packed id, for our modules left out of the pack */
const bare = {};
for (const file of hot) {
  const id = idOf(file);
  const code = readFileSync(file, 'utf8').replace(/^#!.*/, '').replace(/\n\/\/# sourceMappingURL=.*\s*$/, '\n');
  const requireFrom = createRequire(file);
  for (const spec of new Set(requiredSpecs(code))) {
    let target;
    try {
      target = requireFrom.resolve(spec);
    } catch {
      continue; // an optional dependency that is not installed: left to Node at run time
    }
    if (!isAbsolute(target) || !packed.has(idOf(target))) continue;
    (links[id] ??= {})[spec] = idOf(target);
    if (id.startsWith('dist/src/') && !spec.startsWith('.')) bare[spec] = idOf(target);
  }
  defs.push(`defs[${JSON.stringify(id)}] = function (exports, require, module, __filename, __dirname) {\n${code}\n};`);
}

const parts = [
  "'use strict';",
  '// Generated by scripts/bundle.mjs from dist/src and node_modules; do not edit.',
  "const nodePath = require('node:path');",
  "const nodeFs = require('node:fs');",
  "const nodeVm = require('node:vm');",
  "const nodeModule = require('node:module');",
  "const rootDir = nodePath.join(__dirname, '..');",
  'const defs = Object.create(null);',
  ...defs,
  `const ownIds = new Set(${JSON.stringify(ownIds)});`,
  `const links = ${JSON.stringify(links)};`,
  `const bare = ${JSON.stringify(bare)};`,
  `
// Builtins a packed dependency requires at load time but kubemu never uses (commander spawns
// executable subcommands with child_process, which kubemu has none of): loaded on first use.
const LAZY_BUILTINS = new Set(['node:child_process', 'child_process']);
function lazyBuiltin(spec) {
  let loaded;
  const target = () => (loaded ??= require(spec));
  return new Proxy({}, { get: (_, key) => target()[key], has: (_, key) => key in target() });
}
const cache = Object.create(null);
/** our own module a relative specifier names (packed or not), as Node resolves dist/src */
function ownModule(fromDir, spec) {
  const id = nodePath.posix.normalize(nodePath.posix.join(fromDir, spec));
  if (ownIds.has(id)) return id;
  if (ownIds.has(id + '.js')) return id + '.js';
  if (ownIds.has(id + '/index.js')) return id + '/index.js';
  return undefined;
}
// Our modules left out of the pack (what only a write command, the control plane or validation loads)
// compile with V8's code cache of them from dist/modules.cache, written by the build's warming run:
// a header length (4 bytes), a JSON index [[id, length], ...], then each module's cache. A cache V8
// rejects (another Node, a module rebuilt since) only costs the speed-up: V8 compiles as without it.
let moduleCaches;
function moduleCache(id) {
  if (moduleCaches === undefined) {
    moduleCaches = Object.create(null);
    try {
      const buf = nodeFs.readFileSync(nodePath.join(rootDir, 'dist', 'modules.cache'));
      const headerLength = buf.readUInt32LE(0);
      let at = 4 + headerLength;
      for (const [cachedId, length] of JSON.parse(buf.toString('utf8', 4, at))) {
        moduleCaches[cachedId] = buf.subarray(at, at + length);
        at += length;
      }
    } catch {
      // no cache (a build without its warming run): compile as Node does
    }
  }
  return moduleCaches[id];
}
/** The warming run's scripts, to write their caches (only while the build warms the caches). */
const warming = process.env.KUBEMU_BUNDLE_WARM === '1' ? (globalThis[Symbol.for('kubemu.bundle.compiled')] = []) : undefined;
function compileOwn(id, filename) {
  const source = nodeModule.wrap(nodeFs.readFileSync(filename, 'utf8'));
  const script = new nodeVm.Script(source, { filename, cachedData: moduleCache(id) });
  warming?.push([id, script]);
  return script.runInThisContext();
}
function load(id) {
  const cached = cache[id];
  if (cached !== undefined) return cached.exports;
  const filename = nodePath.join(rootDir, id);
  const dir = nodePath.posix.dirname(id);
  const own = id.startsWith('dist/src/');
  const module = { exports: {}, id: filename, filename, loaded: false };
  cache[id] = module;
  let nodeRequire;
  const fromNode = () => (nodeRequire ??= nodeModule.createRequire(filename));
  const req = (spec) => {
    const linked = links[id]?.[spec] ?? (own ? bare[spec] : undefined);
    if (linked !== undefined) return load(linked);
    if (own && (spec.startsWith('./') || spec.startsWith('../'))) {
      const target = ownModule(dir, spec);
      if (target !== undefined) return load(target);
    }
    if (LAZY_BUILTINS.has(spec)) return lazyBuiltin(spec);
    return fromNode()(spec);
  };
  req.resolve = (spec, options) => fromNode().resolve(spec, options);
  req.main = require.main;
  const body = defs[id] ?? compileOwn(id, filename);
  body.call(module.exports, module.exports, req, module, filename, nodePath.dirname(filename));
  module.loaded = true;
  return module.exports;
}
module.exports = load('dist/src/cli/main.js');
`,
];
rmSync(cache, { force: true });
rmSync(modulesCache, { force: true });
writeFileSync(out, parts.join('\n'));

const scratch = mkdtempSync(join(tmpdir(), 'kubemu-bundle-'));
try {
  createScratchCluster(scratch);
  const warm = [
    "const fs = require('node:fs');",
    `const { loadCli, cacheFile } = require(${JSON.stringify(join(root, 'bin', 'load-cli.js'))});`,
    'const { cli, codeCache } = loadCli();',
    "if (codeCache === undefined) throw new Error('dist/kubemu.js was not loaded');",
    "(async () => {",
    "  const code = await cli.main(['node', 'kubemu', 'get', 'pods']);",
    "  if (code !== 0) throw new Error('get pods exited ' + code);",
    '  fs.writeFileSync(cacheFile, codeCache());',
    // The pack's cache holds what `get pods` compiled (a larger one would slow every short command
    // down); then the commands users run on a cluster compile the modules left out of the pack.
    `  for (const args of ${JSON.stringify(WARM_COMMANDS)}) {`,
    "    const c = await cli.main(['node', 'kubemu', ...args]);",
    "    if (c !== 0) throw new Error(args.join(' ') + ' exited ' + c);",
    '  }',
    "  const compiled = globalThis[Symbol.for('kubemu.bundle.compiled')];",
    '  const caches = compiled.map(([id, script]) => [id, script.createCachedData()]);',
    "  const header = Buffer.from(JSON.stringify(caches.map(([id, data]) => [id, data.length])), 'utf8');",
    '  const length = Buffer.alloc(4);',
    '  length.writeUInt32LE(header.length, 0);',
    `  fs.writeFileSync(${JSON.stringify(modulesCache)}, Buffer.concat([length, header, ...caches.map(([, data]) => data)]));`,
    '})();',
  ].join('\n');
  const run = spawnSync(process.execPath, ['-e', warm], { env: { ...scratchEnv(scratch), KUBEMU_BUNDLE_WARM: '1' }, encoding: 'utf8' });
  if (run.status !== 0) {
    process.stderr.write(run.stderr);
    process.exit(1);
  }
} finally {
  rmSync(scratch, { recursive: true, force: true });
}
