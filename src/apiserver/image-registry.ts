import { nodeCrypto } from '../common/node-crypto.js';
import { isJsonObject } from '../common/json.js';
import type { KubeObject } from '../api/meta/v1.js';
import { DEFAULT_IMAGE_BEHAVIOR, type ImageBehavior } from './defaults/imagerepository.js';

/**
 * The emulated registry: what pulling an image does, decided by ImageRepository objects.
 *
 *   ghcr.io/example/hello:1.0, no ImageRepository for ghcr.io/example/hello → exists, defaults
 *   ghcr.io/example/hello:1.2, repository lists tags 1.0 and 1.1          → not found
 *   ghcr.io/example/hello:1.3, tags {"1.3": {requiredEnv: [X]}}            → exists, needs X
 *
 * Names are compared after Docker's normalisation, so `nginx`, `library/nginx` and
 * `docker.io/library/nginx` are one repository.
 */

/** A parsed image reference. */
export interface ImageReference {
  /** the repository, fully qualified: docker.io/library/nginx */
  repository: string;
  /** the tag ('latest' when none is given and there is no digest) */
  tag: string;
  /** sha256:… when the reference pins one */
  digest: string;
}

/** What the runtime knows about an image once it is resolved. */
export interface ResolvedImage {
  exists: boolean;
  /** the name containerd reports in containerStatuses[].image: ghcr.io/example/hello:1.0 */
  name: string;
  /** containerStatuses[].imageID: ghcr.io/example/hello@sha256:… */
  imageId: string;
  sizeBytes: number;
  behavior: ImageBehavior;
}

/** Splits an image reference and normalises it as the container runtime does. */
export function parseImageReference(image: string): ImageReference {
  const at = image.indexOf('@');
  const digest = at >= 0 ? image.slice(at + 1) : '';
  let name = at >= 0 ? image.slice(0, at) : image;
  const lastSlash = name.lastIndexOf('/');
  const colon = name.indexOf(':', lastSlash + 1);
  let tag = '';
  if (colon >= 0) {
    tag = name.slice(colon + 1);
    name = name.slice(0, colon);
  } else if (!digest) {
    tag = 'latest';
  }
  return { repository: normalizeRepository(name), tag, digest };
}

/** docker.io/library for bare names; a first segment with '.', ':' or 'localhost' is a registry host. */
export function normalizeRepository(name: string): string {
  const slash = name.indexOf('/');
  const first = slash >= 0 ? name.slice(0, slash) : '';
  const hasHost = slash >= 0 && (first.includes('.') || first.includes(':') || first === 'localhost');
  if (hasHost) return name;
  return slash >= 0 ? `docker.io/${name}` : `docker.io/library/${name}`;
}

/** The digest a tag resolves to: a stable hash of repository and tag. */
export function tagDigest(repository: string, tag: string): string {
  return 'sha256:' + nodeCrypto().createHash('sha256').update(`${repository}:${tag}`).digest('hex');
}

/** A plausible compressed image size, stable per digest (4–12 MB) when the registry gives none. */
function defaultSize(digest: string): number {
  const n = parseInt(digest.slice('sha256:'.length, 'sha256:'.length + 8), 16);
  return 4_000_000 + (n % 8_000_000);
}

/** The ImageRepository object whose spec.repository names this repository. */
export function findImageRepository(repos: readonly KubeObject[], repository: string): KubeObject | undefined {
  return repos.find((r) => {
    const spec = r['spec'];
    return isJsonObject(spec) && typeof spec['repository'] === 'string' && normalizeRepository(spec['repository']) === repository;
  });
}

/** Fields of a behaviour object that are set, copied over the defaults. */
function overlay(base: ImageBehavior, o: unknown): ImageBehavior {
  if (!isJsonObject(o)) return base;
  // Object.fromEntries and spreading define own properties, so a `__proto__` key is a field too.
  const set = Object.fromEntries(Object.entries(o).filter(([, v]) => v !== null && v !== undefined));
  return { ...base, ...set };
}

/**
 * Resolves an image against the registry: whether it exists and how it behaves. Defaults, then
 * the repository's spec.behavior, then the tag's own overrides.
 */
export function resolveImage(image: string, repos: readonly KubeObject[]): ResolvedImage {
  // The kubelet asks for the same image of every pod, several times a sync, with the API
  // server's shared list (the same array until an ImageRepository changes): the answer (a parse,
  // overlays and a SHA-256) is kept per list and image, frozen since it is shared.
  let known = resolvedByRepos.get(repos);
  if (!known) resolvedByRepos.set(repos, (known = new Map()));
  let resolved = known.get(image);
  if (!resolved) {
    resolved = resolveUncached(image, repos);
    // (what the behavior holds comes from the frozen ImageRepository or the defaults' constants)
    Object.freeze(resolved.behavior);
    known.set(image, Object.freeze(resolved));
  }
  return resolved;
}

/** resolveImage's answers by the repositories list they were computed from, then by image. */
const resolvedByRepos = new WeakMap<readonly KubeObject[], Map<string, ResolvedImage>>();

function resolveUncached(image: string, repos: readonly KubeObject[]): ResolvedImage {
  const ref = parseImageReference(image);
  const repo = findImageRepository(repos, ref.repository);
  const spec = repo && isJsonObject(repo['spec']) ? repo['spec'] : undefined;
  const tags = spec && isJsonObject(spec['tags']) ? spec['tags'] : undefined;
  let behavior = overlay({ ...DEFAULT_IMAGE_BEHAVIOR }, spec?.['behavior']);
  let exists = true;
  let tag = ref.tag;
  if (repo) {
    if (ref.digest && !ref.tag) {
      // A digest names a tag whose content hashes to it.
      tag = Object.keys(tags ?? {}).find((t) => tagDigest(ref.repository, t) === ref.digest) ?? '';
      exists = tag !== '';
    } else {
      exists = tags !== undefined && Object.prototype.hasOwnProperty.call(tags, tag);
    }
    if (exists && tags) behavior = overlay(behavior, tags[tag]);
  }
  const digest = ref.digest || tagDigest(ref.repository, tag);
  const name = ref.tag ? `${ref.repository}:${ref.tag}` : `${ref.repository}@${ref.digest}`;
  return {
    exists,
    name,
    imageId: `${ref.repository}@${digest}`,
    sizeBytes: behavior.imageSizeBytes ?? defaultSize(digest),
    behavior,
  };
}

/**
 * Whether the kubelet pulls (EnsureImageExists): Always pulls every time; Never never does;
 * IfNotPresent only when the node does not have the image.
 */
export function pullDecision(policy: string, present: boolean): 'pull' | 'present' | 'never-missing' {
  if (policy === 'Always') return 'pull';
  if (present) return 'present';
  return policy === 'Never' ? 'never-missing' : 'pull';
}
