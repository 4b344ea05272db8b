'use strict';
// Loads the CLI for bin/kubemu. Prefers dist/kubemu.js: the modules a short command loads, packed into
// one file by scripts/bundle.mjs (which compiles the others from dist/src itself, with their code cache
// from dist/modules.cache), compiled with the V8 code cache stored beside it (dist/kubemu.cache); that
// spares a short command most of its module resolution and compilation. Falls back to the separate modules in dist/src when the pack is missing or
// older than the last tsc build (dist/.tsbuildinfo), so a plain `tsc` never runs stale code. A cache V8
// rejects (another Node version) only costs the speed-up.
const fs = require('node:fs');
const path = require('node:path');
const vm = require('node:vm');
const Module = require('node:module');

// TurboFan inlines less into each function it optimizes (V8's default cumulative budget is 920 bytes
// of bytecode). A 1,000-replica rollout compiles ~320 functions on V8's worker threads, many twice or
// more (a deoptimization throws away the code of every function the deoptimizing one was inlined
// into: the control plane's runDue held most of a controller's step), about a third of the process's
// CPU time on a 2-core machine; with half the budget those compiles are smaller (measured over 10
// alternating runs: total CPU time -0.36 s of ~3.5 s, lower in 8 of them; the main thread's -70 ms,
// within its noise; apply + advance 2m and advance 96h on crash.db: CPU time unchanged). Only how V8
// compiles changes, never what the code does, so output is the same. Set before the pack is compiled:
// V8 keys its code caches by its flags, and the build's warming run, which loads the CLI through this
// file too, writes the caches for the same flags (a cache made under other flags is rejected whole).
require('node:v8').setFlagsFromString('--max-inlined-bytecode-size-cumulative=460');

const dist = path.join(__dirname, '..', 'dist');
const bundleFile = path.join(dist, 'kubemu.js');
const cacheFile = path.join(dist, 'kubemu.cache');

function mtimeMs(file) {
  try {
    return fs.statSync(file).mtimeMs;
  } catch {
    return undefined;
  }
}

function bundleIsFresh() {
  const bundle = mtimeMs(bundleFile);
  const build = mtimeMs(path.join(dist, '.tsbuildinfo'));
  return bundle !== undefined && (build === undefined || bundle >= build);
}

/** Returns the CLI's exports ({ main }) and, for the pack, a function producing its code cache. */
function loadCli() {
  if (!bundleIsFresh()) return { cli: require(path.join(dist, 'src', 'cli', 'main.js')), codeCache: undefined };
  const code = fs.readFileSync(bundleFile, 'utf8');
  let cachedData;
  try {
    cachedData = fs.readFileSync(cacheFile);
  } catch {
    cachedData = undefined;
  }
  const script = new vm.Script(Module.wrap(code), { filename: bundleFile, cachedData });
  const wrapper = script.runInThisContext();
  const module = { exports: {} };
  wrapper.call(module.exports, module.exports, Module.createRequire(bundleFile), module, bundleFile, dist);
  return { cli: module.exports, codeCache: () => script.createCachedData() };
}

module.exports = { loadCli, cacheFile };
