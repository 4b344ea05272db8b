import type { ImageBehavior } from '../apiserver/defaults/imagerepository.js';

/**
 * The files an image's containers start with: ImageRepository `files:` (path → content), in
 * `spec.behavior` for every tag of the repository and in a tag's own entry for that tag, which
 * replaces the repository's list as every other per-tag field does (registry.ts overlay):
 *
 *   behavior: {files: {"/usr/share/nginx/html/index.html": "<h1>hello</h1>\n"}}
 *   tags: {"1.1": {files: {"/usr/share/nginx/html/index.html": "<h1>1.1</h1>\n", "/etc/app.conf": "debug=1\n"}}}
 *
 * They are there from the container's start (they are the image's layers); a restarted
 * container starts from them again. Paths are absolute (validation says so); anything that
 * is not a string content is left out here.
 */
export function imageFiles(behavior: Pick<ImageBehavior, 'files'>): [string, string][] {
  return fileList(behavior.files);
}

/**
 * The files the app writes once it has started (`appFiles:`, startSeconds after the container's
 * start, when it answers its probes), e.g. the file a readiness probe `cat /tmp/ready` looks for:
 *
 *   behavior: {startSeconds: 3, appFiles: {"/tmp/ready": ""}}   → /tmp/ready from start + 3 s
 *
 * A tag's `appFiles` replaces the repository's, as `files` does.
 */
export function appFiles(behavior: Pick<ImageBehavior, 'appFiles'>): [string, string][] {
  return fileList(behavior.appFiles);
}

function fileList(files: Record<string, string> | undefined): [string, string][] {
  if (files === null || typeof files !== 'object' || Array.isArray(files)) return [];
  return Object.entries(files)
    .filter((e): e is [string, string] => typeof e[1] === 'string' && e[0].startsWith('/'))
    .sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
}
