import { appFiles, imageFiles } from '../../../images/image-files.js';
import type { ContainerInstance } from '../memory.js';
import { ContainerFs } from './fs.js';

type Run = Pick<ContainerInstance, 'files' | 'behavior' | 'startedMs'>;

/**
 * The files of a container's run at atMs: what an exec left, else what its image starts with;
 * and from startSeconds after the start, the files the app writes then (appFiles), unless they
 * were written into what an exec left already.
 *
 *   startSeconds 3, appFiles {/tmp/ready}, started at S: /tmp/ready from S+3;
 *   `rm /tmp/ready` at S+10 → gone for good (written at S+3, removed since);
 *   `touch /tmp/x` at S+1 → /tmp/x, and /tmp/ready still from S+3.
 */
export function filesOf(inst: Run, atMs: number): ContainerFs {
  const fs = inst.files ? new ContainerFs(inst.files) : ContainerFs.fromImage(imageFiles(inst.behavior));
  if (!fs.appFilesWritten && atMs >= appFilesAtMs(inst)) {
    const files = appFiles(inst.behavior);
    if (files.length) fs.writeAppFiles(files);
  }
  return fs;
}

/** When the app writes its files: startSeconds after the run's start. */
function appFilesAtMs(inst: Run): number {
  return inst.startedMs + inst.behavior.startSeconds * 1000;
}

/**
 * The instant after afterMs at which the run's files change by themselves (the app writing its
 * files), if one is still to come: the only change of them that is not an exec's.
 */
export function nextFilesChangeMs(inst: Run, afterMs: number): number | undefined {
  if (inst.files?.appFilesWritten || appFiles(inst.behavior).length === 0) return undefined;
  const at = appFilesAtMs(inst);
  return at > afterMs ? at : undefined;
}
