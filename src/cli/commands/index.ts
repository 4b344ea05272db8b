import type { Command } from 'commander';
import type { Invocation } from '../program.js';
import { registerApiResources } from './api-resources.js';
import { registerApply } from './apply.js';
import { registerCluster } from './cluster.js';
import { registerCreate } from './create.js';
import { registerRun } from './run.js';
import { registerDelete } from './delete.js';
import { registerGet } from './get.js';
import { registerEtcdctl } from './etcdctl.js';
import { registerVersion } from './version.js';
import { registerLabel } from './label.js';
import { registerAnnotate } from './annotate.js';
import { registerPatch } from './patch.js';
import { registerDescribe } from './describe.js';
import { registerWait } from './wait.js';

/** Every kubemu command, in the order `--help` lists them. */
export function registerCommands(program: Command, inv: Invocation): void {
  registerVersion(program, inv);
  registerApiResources(program, inv);
  registerGet(program, inv);
  registerDescribe(program, inv);
  registerCreate(program, inv);
  registerApply(program, inv);
  registerRun(program, inv);
  registerDelete(program, inv);
  registerWait(program, inv);
  registerLabel(program, inv);
  registerAnnotate(program, inv);
  registerPatch(program, inv);
  registerEtcdctl(program, inv);
  registerCluster(program, inv);
}
