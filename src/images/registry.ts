/**
 * The emulated registry (resolving an image to its behaviour) lives in the API server's layer,
 * src/apiserver/image-registry.ts, since the metrics API computes usage from image behaviour at
 * read time; the kubelet and the other callers keep importing it from here.
 */
export * from '../apiserver/image-registry.js';
