/**
 * One member of an object of the model, read through one shared keyed site: for the readers every
 * controller calls on every object of a kind (src/api/core/v1/pod-util.ts), which see the
 * object in many hidden classes.
 *
 * Why: V8 gives an object the hidden class of how it was made, not only of its keys. A pod
 * reaches isPodReady parsed (JSON.parse), or built by the API server from its stored pieces
 * (status-write.ts, bound-object.ts, buildStored), frozen, or as a caller's own copy; its status
 * has other keys at each step of its life (Pending: phase and qosClass; bound: conditions;
 * started: container statuses, IPs). A named load (`status.phase`) remembers the first few
 * classes it saw, and the optimized code of every function it is inlined into (a ReplicaSet
 * sync, the kubelet's step) checks for exactly those: the next class deoptimizes that code, and
 * V8 compiles it again. A 1,000-replica rollout meets a new class every few hundred pods (88
 * deoptimizations and 342 compiles, a third of its CPU time on the compiler threads). A keyed
 * load of this one function sees many keys as well as many classes, is megamorphic from its
 * first calls, and is compiled as the generic lookup (a probe of V8's cache of (class, key)
 * pairs) wherever it is inlined: no class is assumed, so none deoptimizes.
 *
 * Typed like `o?.[key]`: the member's declared type, or undefined when o is undefined or null.
 */
export function member<T extends object, K extends keyof T & string>(o: T | null | undefined, key: K): T[K] | undefined {
  return o === undefined || o === null ? undefined : o[key];
}
