import fs from 'node:fs';

/** The page size an SQLite file's header records (bytes 16-17, big-endian; 1 stands for 65,536). */
export function headerPageSize(path: string): number {
  const head = Buffer.alloc(18);
  const fd = fs.openSync(path, 'r');
  try {
    fs.readSync(fd, head, 0, 18, 0);
  } finally {
    fs.closeSync(fd);
  }
  const size = head.readUInt16BE(16);
  return size === 1 ? 65_536 : size;
}
