/**
 * The change `set image` makes to one object (set_image.go Run's mutation): for each
 * CONTAINER=IMAGE, set the image of the init containers and containers with that name (or all
 * of them for `*`). A name that matches nothing is an error of the command, not of the object:
 * kubectl reports `unable to find container named "x"` at the end and still applies the
 * other pairs.
 */
import type { JsonObject } from '../../../common/json.js';
import { containerList, podSpecOf } from './pod-spec.js';

/** Sets the images in `obj` (in place). Returns the messages of pairs that matched no container. */
export function setImages(obj: JsonObject, images: ReadonlyMap<string, string>): string[] {
  const spec = podSpecOf(obj);
  const missing: string[] = [];
  for (const [name, image] of images) {
    const inInit = setImage(containerList(spec, 'initContainers'), name, image);
    const inMain = setImage(containerList(spec, 'containers'), name, image);
    if (!inInit && !inMain) missing.push(`error: unable to find container named ${JSON.stringify(name)}`);
  }
  return missing;
}

function setImage(containers: JsonObject[], name: string, image: string): boolean {
  let found = false;
  for (const c of containers) {
    if (c['name'] === name || name === '*') {
      found = true;
      c['image'] = image;
    }
  }
  return found;
}
