/** Reading `-f` manifests like kubectl: the entry points other layers use. */
export { readManifestSources, readManifestSourceResults, readSource } from './read.js';
export type { ReadOptions, ManifestSource, DocumentResult } from './read.js';
export { ManifestError } from './errors.js';
export { validateTypeMeta } from './validate-type-meta.js';
export { yamlDocumentToJson } from './yaml-to-json.js';
export { resolvePlain } from './yaml-resolve.js';
export { KUBEMU_MAX_DEPTH, MAX_NESTING_DEPTH, parseBoundedJson, kubemuDepthMessage } from './input-limits.js';
export { typedDecodeError } from './typed-decode.js';
