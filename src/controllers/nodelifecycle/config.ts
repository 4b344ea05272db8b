/**
 * kube-controller-manager's node lifecycle defaults (v1.35): --node-monitor-period 5s,
 * --node-monitor-grace-period 50s (40s before v1.32, kubernetes#126287), --node-startup-grace-period
 * 60s.
 */

/** How often monitorNodeHealth looks at every node. */
export const NODE_MONITOR_PERIOD_MS = 5_000;
/** How long a node's lease (or status) may go unrenewed before its conditions go Unknown. */
export const NODE_MONITOR_GRACE_MS = 50_000;
/** The same for a node that never posted status (no Ready condition), counted from its creation. */
export const NODE_STARTUP_GRACE_MS = 60_000;

/** The controller's name in the control plane (its informer cursor, its state). */
export const NODE_LIFECYCLE_CONTROLLER = 'node-lifecycle-controller';
/** The event source its events carry (NewNodeLifecycleController's recorder). */
export const NODE_CONTROLLER_COMPONENT = 'node-controller';
