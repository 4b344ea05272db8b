/**
 * A container's emulated filesystem: the few files an app and an experiment care about (a
 * readiness file, a page an image serves), not a disk. Files are paths with their contents;
 * directories are the base set every image has (BASE_DIRS), every ancestor of a file or of a
 * directory made with mkdir (implied), and those made explicitly. No permissions, owners, times,
 * links or sizes beyond the content.
 *
 *   image files {"/usr/share/nginx/html/index.html": "hi\n"}:
 *     directories /, /bin, /dev, /etc, ..., /usr, /usr/share, /usr/share/nginx, /usr/share/nginx/html
 *   `rm /usr/share/nginx/html/index.html` leaves /usr/share/nginx/html an (empty) directory: the
 *   directory was there before the file went, so it is kept as an explicit one.
 *
 * Kept as sorted [path, content] pairs and a sorted list of explicit directories (plain JSON, in
 * the kubelet's memory of the container's run: memory.ts ContainerInstance.files), changed by
 * copy (the kubelet's memory is never changed in place).
 */

/** The state that is kept: what differs from nothing, as plain JSON. */
export interface FilesState {
  /** [path, content], sorted by path */
  files: [string, string][];
  /** directories made by mkdir (or left behind by rm), sorted */
  dirs: string[];
  /** the app's files (images/image-files.ts appFiles) were written into these (absent: not yet) */
  appFilesWritten?: true;
}

/** Directories every emulated image has (a busybox image's top level). */
export const BASE_DIRS: readonly string[] = ['/', '/bin', '/dev', '/etc', '/home', '/proc', '/root', '/run', '/sys', '/tmp', '/usr', '/var'];

/** The one device: reads as empty, swallows what is written to it, cannot be removed. */
export const DEV_NULL = '/dev/null';

/** Why an operation failed, as strerror words it. */
export type FsErrno = 'ENOENT' | 'EISDIR' | 'ENOTDIR' | 'EEXIST';

export const STRERROR: Readonly<Record<FsErrno, string>> = {
  ENOENT: 'No such file or directory',
  EISDIR: 'Is a directory',
  ENOTDIR: 'Not a directory',
  EEXIST: 'File exists',
};

/**
 * An absolute, normalised path from one a command was given: relative to cwd, `.` and `..`
 * resolved, repeated slashes folded. `tmp//x/../ready` from / → /tmp/ready. Whether the
 * argument ended in a slash is said apart (a file named with one is ENOTDIR).
 */
export function resolvePath(arg: string, cwd = '/'): { path: string; trailingSlash: boolean } {
  const joined = arg.startsWith('/') ? arg : `${cwd}/${arg}`;
  const parts: string[] = [];
  for (const seg of joined.split('/')) {
    if (seg === '' || seg === '.') continue;
    if (seg === '..') parts.pop();
    else parts.push(seg);
  }
  return { path: '/' + parts.join('/'), trailingSlash: arg.length > 1 && arg.endsWith('/') };
}

/** The directory a path is in: /tmp/ready → /tmp; / → /. */
export function parentOf(path: string): string {
  const i = path.lastIndexOf('/');
  return i <= 0 ? '/' : path.slice(0, i);
}

/** The last segment: /tmp/ready → ready. */
export function baseName(path: string): string {
  return path.slice(path.lastIndexOf('/') + 1);
}

function ancestors(path: string): string[] {
  const out: string[] = [];
  for (let p = parentOf(path); ; p = parentOf(p)) {
    out.push(p);
    if (p === '/') return out;
  }
}

/** A filesystem to read and change; `state()` gives what to keep. */
export class ContainerFs {
  private readonly files: Map<string, string>;
  private readonly explicitDirs: Set<string>;
  /** every directory, derived (rebuilt after a change) */
  private allDirs: Set<string> | undefined;
  /** whether anything changed since it was made */
  changed = false;

  /** the app's files are in (FilesState.appFilesWritten) */
  appFilesWritten: boolean;

  constructor(state: FilesState) {
    this.files = new Map(state.files);
    this.explicitDirs = new Set(state.dirs);
    this.appFilesWritten = state.appFilesWritten === true;
  }

  /**
   * Writes the files the app writes once started, over what is there (a path under a file is
   * skipped, as the app's write would fail). Not a change of `changed`: the app did it, at a time
   * known from the image (container-files.ts), so it needs no keeping until an exec changes more.
   */
  writeAppFiles(files: readonly (readonly [string, string])[]): void {
    const changed = this.changed;
    for (const [p, c] of files) this.write(p, c);
    this.changed = changed;
    this.appFilesWritten = true;
  }

  /** The filesystem of a new container of an image declaring these files (path → content). */
  static fromImage(files: readonly (readonly [string, string])[]): ContainerFs {
    return new ContainerFs({ files: files.map(([p, c]) => [p, c]), dirs: [] });
  }

  state(): FilesState {
    const state: FilesState = {
      files: [...this.files.entries()].sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0)),
      dirs: [...this.explicitDirs].sort(),
    };
    if (this.appFilesWritten) state.appFilesWritten = true;
    return state;
  }

  private dirs(): Set<string> {
    if (this.allDirs) return this.allDirs;
    const all = new Set<string>(BASE_DIRS);
    for (const d of this.explicitDirs) {
      all.add(d);
      for (const a of ancestors(d)) all.add(a);
    }
    for (const f of this.files.keys()) for (const a of ancestors(f)) all.add(a);
    return (this.allDirs = all);
  }

  isDir(path: string): boolean {
    return this.dirs().has(path);
  }

  isFile(path: string): boolean {
    return path === DEV_NULL || this.files.has(path);
  }

  exists(path: string): boolean {
    return this.isFile(path) || this.isDir(path);
  }

  /** Why the parent of path cannot hold a new entry, if it cannot. */
  private parentError(path: string): FsErrno | undefined {
    const parent = parentOf(path);
    if (this.isDir(parent)) return undefined;
    // A file on the way: /tmp/ready/x with /tmp/ready a file.
    for (const a of [parent, ...ancestors(parent)]) if (this.isFile(a)) return 'ENOTDIR';
    return 'ENOENT';
  }

  /** The content of a file. */
  read(path: string, trailingSlash = false): { content: string } | { errno: FsErrno } {
    if (path === DEV_NULL) return trailingSlash ? { errno: 'ENOTDIR' } : { content: '' };
    const file = this.files.get(path);
    if (file !== undefined) return trailingSlash ? { errno: 'ENOTDIR' } : { content: file };
    if (this.isDir(path)) return { errno: 'EISDIR' };
    return { errno: this.parentError(path) === 'ENOTDIR' ? 'ENOTDIR' : 'ENOENT' };
  }

  /** Writes a file (created if missing; append adds to it). */
  write(path: string, content: string, append = false): FsErrno | undefined {
    if (path === DEV_NULL) return undefined;
    if (this.isDir(path)) return 'EISDIR';
    const err = this.parentError(path);
    if (err) return err;
    const before = this.files.get(path);
    const next = append && before !== undefined ? before + content : content;
    if (before !== next) {
      this.files.set(path, next);
      this.touched();
    }
    return undefined;
  }

  /** touch: an empty file when nothing is there; an existing file or directory stays as it is. */
  touch(path: string): FsErrno | undefined {
    if (this.exists(path)) return undefined;
    return this.write(path, '');
  }

  /** Removes a file, or (recursive) a directory with everything under it. */
  remove(path: string, recursive: boolean): FsErrno | undefined {
    if (path === DEV_NULL) return undefined;
    if (this.files.has(path)) {
      this.files.delete(path);
      // Its directory stays (it was there before the file went).
      const parent = parentOf(path);
      if (!BASE_DIRS.includes(parent)) this.explicitDirs.add(parent);
      this.touched();
      return undefined;
    }
    if (!this.isDir(path)) return this.parentError(path) === 'ENOTDIR' ? 'ENOTDIR' : 'ENOENT';
    if (!recursive) return 'EISDIR';
    const under = (p: string) => p === path || p.startsWith(path === '/' ? '/' : `${path}/`);
    for (const f of [...this.files.keys()]) if (under(f)) this.files.delete(f);
    for (const d of [...this.explicitDirs]) if (under(d)) this.explicitDirs.delete(d);
    const parent = parentOf(path);
    if (path !== '/' && !BASE_DIRS.includes(parent)) this.explicitDirs.add(parent);
    this.touched();
    return undefined;
  }

  /** mkdir; with parents, every missing directory on the way and no error for one that exists. */
  mkdir(path: string, parents: boolean): FsErrno | undefined {
    if (this.isFile(path)) return 'EEXIST';
    if (this.isDir(path)) return parents ? undefined : 'EEXIST';
    const err = this.parentError(path);
    if (err === 'ENOTDIR') return parents ? 'EEXIST' : 'ENOTDIR';
    if (err === 'ENOENT' && !parents) return 'ENOENT';
    this.explicitDirs.add(path);
    this.touched();
    return undefined;
  }

  /** The names in a directory, sorted as `ls` sorts them (byte order). */
  list(path: string): string[] {
    const names = new Set<string>();
    const prefix = path === '/' ? '/' : `${path}/`;
    const add = (p: string) => {
      if (p !== path && p.startsWith(prefix)) names.add(p.slice(prefix.length).split('/')[0]!);
    };
    for (const f of this.files.keys()) add(f);
    for (const d of this.dirs()) add(d);
    if (path === '/dev') names.add('null');
    return [...names].sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
  }

  private touched(): void {
    this.changed = true;
    this.allDirs = undefined;
  }
}
