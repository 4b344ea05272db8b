/**
 * A module (or anything costly) loaded on first use. Every kubemu command starts a new process,
 * so each loads only what it runs: `get pods` does not load the patch engine or the
 * controllers (which it needs only when something is due).
 *
 *   const admission = lazy(() => require('./admission.js') as typeof import('./admission.js'));
 *   admission().admit(obj, old, info);
 */
export function lazy<T>(load: () => T): () => T {
  let loaded: { value: T } | undefined;
  return () => (loaded ??= { value: load() }).value;
}
