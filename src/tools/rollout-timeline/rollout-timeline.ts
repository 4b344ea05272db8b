import type { Command } from 'commander';
import { UsageError, CliError } from '../../kubectl/util/errors.js';
import { type Invocation, action, commandPath, configure } from '../../kubectl/cmd/util/program.js';
import { findByKind, groupResource, resolveResource } from '../../apiserver/resources.js';
import { notFound } from '../../apiserver/errors.js';
import { readTimelineHistory } from './read-history.js';
import { timelineRows } from './timeline-rows.js';
import { renderTimeline } from './render.js';

const DEPLOYMENTS = findByKind('apps/v1', 'Deployment')!;

interface TimelineFlags {
  absolute?: boolean;
}

/** `deployment/NAME`, `deploy NAME`, `deployments.apps/NAME`: the Deployment's name. */
export function timelineTarget(args: readonly string[], path: string): string {
  if (args.length === 0) throw new UsageError('required resource not specified', path);
  const [first, second] = args;
  const slash = first!.indexOf('/');
  const type = slash < 0 ? first! : first!.slice(0, slash);
  const name = slash < 0 ? second : first!.slice(slash + 1);
  if (args.length > (slash < 0 ? 2 : 1)) throw new UsageError('only one deployment at a time', path);
  const info = resolveResource(type);
  if (!info) throw new CliError(`the server doesn't have a resource type "${type}"`);
  if (info !== DEPLOYMENTS) throw new CliError(`no rollout timeline for ${groupResource(info)}: only deployments have one`);
  if (!name) throw new UsageError('resource name may not be empty', path);
  return name;
}

/**
 * `kubemu rollout timeline deployment/NAME [--absolute]`: the rollout's history as a table built
 * from the rollout history the API server keeps (timeline-rows.ts says which rows, read-history.ts
 * where the history starts).
 */
export function registerRolloutTimeline(rollout: Command, inv: Invocation): void {
  const cmd = configure(rollout.command('timeline'), inv)
    .description("kubemu: a Deployment's rollout as a table from its rollout history (generation, revision, old/new desired, ready, available, pods)")
    .usage('deployment/NAME [--absolute]')
    .argument('[args...]')
    .option('--absolute', 'Print cluster times in RFC 3339 instead of the time since the first row');
  cmd.action(
    action<TimelineFlags>(inv, (ctx, args, flags) => {
      const name = timelineTarget(args, commandPath(cmd));
      const ns = ctx.namespace();
      const api = ctx.cluster().api;
      const dep = api.tryGet(DEPLOYMENTS, ns, name);
      if (!dep) throw notFound(DEPLOYMENTS.resource, DEPLOYMENTS.group, name);
      const history = readTimelineHistory(api, dep);
      const rows = timelineRows(history.changes, history.seed, history.start);
      ctx.io.out(renderTimeline(rows, { absolute: flags.absolute === true }));
    }),
  );
}
