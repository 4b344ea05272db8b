import type { ApiServer } from '../../apiserver/server.js';
import type { KubeObject } from '../../api/meta/v1.js';

/** What a describer may read: the API server (for related objects and events) and the time. */
export interface DescribeContext {
  api: ApiServer;
  /** cluster time, for Age cells and `Terminating (lasts …)` */
  nowMs: number;
  /** --show-events (default true) */
  showEvents: boolean;
}

/**
 * One kind's describer (describe.go's ResourceDescriber): gathers what it needs through the API
 * server and returns the text. Each kind also exports a pure text function its tests call.
 */
export type Describer = (obj: KubeObject, ctx: DescribeContext) => string;
