/**
 * Reading the `--from-file` and `--from-env-file` sources of `create configmap` and
 * `create secret generic` (create_configmap.go / create_secret.go): a file becomes one key, a
 * directory one key per regular file in it (sorted by name, as Go's ReadDir returns them;
 * subdirectories and symlinks are skipped), and `key=dir` is refused.
 */
import { lstatSync, readFileSync, readdirSync, statSync } from 'node:fs';
import { posix, resolve } from 'node:path';
import { parseFileSource } from './source-specs.js';
import { type EnvPair, parseEnvFile } from './env-file.js';

/** One key with the bytes of its file. */
export interface FileEntry {
  key: string;
  data: Buffer;
}

/** Go's *PathError text for the errno codes a user meets here. */
function errnoText(e: unknown): string {
  const code = (e as NodeJS.ErrnoException).code;
  switch (code) {
    case 'ENOENT':
      return 'no such file or directory';
    case 'EACCES':
      return 'permission denied';
    case 'ENOTDIR':
      return 'not a directory';
    case 'ELOOP':
      return 'too many levels of symbolic links';
    default:
      return (e as Error).message;
  }
}

function statOrThrow(path: string, cwd: string) {
  try {
    return statSync(resolve(cwd, path));
  } catch (e) {
    throw new Error(`error reading ${path}: ${errnoText(e)}`);
  }
}

function readOrThrow(path: string, cwd: string): Buffer {
  try {
    return readFileSync(resolve(cwd, path));
  } catch (e) {
    throw new Error(`open ${path}: ${errnoText(e)}`);
  }
}

/**
 * The entries of every `--from-file` source, in order. `add` is called per entry so the caller
 * reports a bad or duplicate key at the point kubectl does (before reading later sources).
 */
export function forEachFileSource(sources: string[], cwd: string, add: (e: FileEntry) => void): void {
  for (const source of sources) {
    const { key, path } = parseFileSource(source);
    const st = statOrThrow(path, cwd);
    if (!st.isDirectory()) {
      add({ key, data: readOrThrow(path, cwd) });
      continue;
    }
    if (source.includes('=')) throw new Error('cannot give a key name for a directory path');
    let names: string[];
    try {
      names = readdirSync(resolve(cwd, path)).sort((a, b) => Buffer.compare(Buffer.from(a), Buffer.from(b)));
    } catch (e) {
      throw new Error(`error listing files in ${path}: ${errnoText(e)}`);
    }
    for (const name of names) {
      const itemPath = posix.join(path, name);
      if (!lstatSync(resolve(cwd, itemPath)).isFile()) continue;
      add({ key: name, data: readOrThrow(itemPath, cwd) });
    }
  }
}

/**
 * The pairs of every `--from-env-file`, in order; a directory is refused with the kind's own
 * wording (`env config file cannot be a directory`, `env secret file cannot be a directory`).
 */
export function forEachEnvFile(
  files: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
  dirMessage: string,
  add: (p: EnvPair) => void,
): void {
  for (const file of files) {
    const st = statOrThrow(file, cwd);
    if (st.isDirectory()) throw new Error(dirMessage);
    parseEnvFile(readOrThrow(file, cwd), file, env, add);
  }
}
