/**
 * `set image` arguments (set_image.go getResourcesAndImages → cmdutil.GetResourcesAndPairs
 * and ParsePairs(…, "image", false)): resources first, then CONTAINER=IMAGE pairs.
 *   `deployment/hello hello=x:1`   → resources [deployment/hello], images {hello: x:1}
 *   `deployment/hello hello=x:1 y` → `all resources must be specified before image changes: y`
 *   `deployment/hello =x`          → `=x` is a resource argument (a pair needs a name before `=`)
 */
import { CliError } from '../../util/errors.js';

export interface ImageArgs {
  resources: string[];
  /** container name (or `*`) → image, in the order typed; a repeated name keeps the last image */
  images: Map<string, string>;
}

export function parseImageArgs(args: string[]): ImageArgs {
  const resources: string[] = [];
  const pairs: string[] = [];
  for (const s of args) {
    const isPair = (s.includes('=') && !s.startsWith('=')) || (s.endsWith('-') && s !== '-');
    if (isPair) pairs.push(s);
    else if (pairs.length > 0) throw new CliError(`all resources must be specified before image changes: ${s}`);
    else resources.push(s);
  }
  const images = new Map<string, string>();
  const invalid: string[] = [];
  for (const p of pairs) {
    const eq = p.indexOf('=');
    // ParsePairs without removal support: `x-` is not a valid image pair.
    if (eq > 0) images.set(p.slice(0, eq), p.slice(eq + 1));
    else invalid.push(p);
  }
  if (invalid.length) throw new CliError(`invalid image format: ${invalid.join(', ')}`);
  return { resources, images };
}
