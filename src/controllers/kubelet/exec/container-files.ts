import { imageFiles } from '../../../images/image-files.js';
import type { ContainerInstance } from '../memory.js';
import { ContainerFs } from './fs.js';

/** The files of a container's run: what an exec left, else what its image starts with. */
export function filesOf(inst: Pick<ContainerInstance, 'files' | 'behavior'>): ContainerFs {
  return inst.files ? new ContainerFs(inst.files) : ContainerFs.fromImage(imageFiles(inst.behavior));
}
