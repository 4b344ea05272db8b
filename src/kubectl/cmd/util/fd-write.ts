import { writeSync } from 'node:fs';
import { sleepSync } from '../../../common/sleep-sync.js';

/** The exit status of a process that SIGPIPE ended (128 + 13), which is how kubectl ends under `| head`. */
export const BROKEN_PIPE_EXIT = 141;

/**
 * Writes all of text to a file descriptor synchronously, as a Go program writes: no stream object
 * (setting up process.stdout on a pipe costs a short command about 3 ms), nothing left buffered
 * at exit. A full non-blocking pipe (EAGAIN) is waited out. A reader that went away (EPIPE, as
 * under `| head`) ends the process at once and quietly, as SIGPIPE ends kubectl.
 */
export function writeFd(fd: number, text: string): void {
  const bytes = Buffer.from(text, 'utf8');
  let offset = 0;
  while (offset < bytes.length) {
    try {
      offset += writeSync(fd, bytes, offset, bytes.length - offset);
    } catch (e) {
      const code = (e as NodeJS.ErrnoException).code;
      if (code === 'EAGAIN') {
        sleepSync(1);
        continue;
      }
      if (code === 'EPIPE') process.exit(BROKEN_PIPE_EXIT);
      throw e;
    }
  }
}
