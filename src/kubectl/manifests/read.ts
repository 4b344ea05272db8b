/**
 * `-f FILE|DIR|-` (and `-R`) → the objects in each source, as kubectl's resource builder
 * (cli-runtime builder.go FilenameParam/Path, visitor.go ExpandPathsToFileVisitors) finds
 * them:
 *  - every path is checked first; any missing path fails the whole command before anything
 *    is read: `the path "x.yaml" does not exist` (several: `[..., ...]`);
 *  - a directory contributes its `.json`, `.yaml` and `.yml` files in lexical order (Go's
 *    filepath.Walk); subdirectories only with `-R`; a file named explicitly is read whatever
 *    its extension; if nothing at all matched: `error reading [dir]: recognized file
 *    extensions are [.json .yaml .yml]`;
 *  - `-` is standard input, named `STDIN` in messages;
 *  - a UTF-8 or UTF-16 byte-order mark is honoured and dropped.
 * Each source reports per-document results, so one bad document does not hide the others
 * (kubectl apply acts on every good document and then reports the errors).
 */
import fs from 'node:fs';
import path from 'node:path';
import type { JsonObject } from '../../common/json.js';
import { ManifestError, aggregateMessage } from './errors.js';
import { decodeStream } from './decode-stream.js';
import { documentObjects } from './decode-objects.js';
import { validateTypeMeta } from './validate-type-meta.js';

export interface ReadOptions {
  /** `-R`: descend into subdirectories. */
  recursive: boolean;
  /** Reads all of standard input; called at most once, only if `-` is given. */
  stdin: () => string;
  /** Directory relative paths are resolved against (messages keep the path as given). */
  cwd: string;
  /**
   * Apply the offline part of `--validate` (apiVersion and kind must be set) to each
   * document, as create/apply/replace do. Default false (label/annotate/set --local).
   */
  validate?: boolean;
}

export interface DocumentResult {
  /** 0-based index among the source's non-empty documents. */
  index: number;
  /** The document's objects (a List contributes its items). */
  objects: JsonObject[];
  error?: ManifestError;
}

export interface ManifestSource {
  /** The name kubectl uses in messages: the path as walked (`dir/a.yaml`) or `STDIN`. */
  source: string;
  /** All objects of the source, in order. */
  objects: JsonObject[];
  documents: DocumentResult[];
  /** A syntax error that stopped reading this source (documents before it are kept). */
  error?: ManifestError;
}

const FILE_EXTENSIONS = ['.json', '.yaml', '.yml'];
const STDIN_SOURCE = 'STDIN';

/**
 * Read every `-f` argument; throw on any error. Path problems throw before anything is read
 * (as in kubectl). A syntax or decode error throws the first such ManifestError, with
 * `partial` holding everything that was read, so a caller can still act on the good
 * documents the way kubectl does before it reports the error.
 */
export function readManifestSources(paths: string[], opts: ReadOptions): ManifestSource[] {
  const sources = readManifestSourceResults(paths, opts);
  for (const s of sources) {
    const first = s.documents.find((d) => d.error)?.error ?? s.error;
    if (first) throw new ManifestError(first.message, first.source, sources);
  }
  return sources;
}

/**
 * Read every `-f` argument and report errors per source and per document instead of
 * throwing (only path problems throw). What `apply -f` needs to act on every good document
 * and then list the bad ones.
 */
export function readManifestSourceResults(paths: string[], opts: ReadOptions): ManifestSource[] {
  const files: string[] = [];
  const errors: string[] = [];
  for (const p of paths) {
    if (p === '-') {
      files.push('-');
      continue;
    }
    if (/^https?:\/\//.test(p)) {
      errors.push(`kubemu does not fetch manifests from URLs: ${p}`);
      continue;
    }
    const abs = path.resolve(opts.cwd, p);
    if (!fs.existsSync(abs)) {
      errors.push(`the path "${p}" does not exist`);
      continue;
    }
    files.push(...expandPath(p, abs, opts.recursive));
    if (files.length === 0 && errors.length === 0) {
      errors.push(`error reading [${p}]: recognized file extensions are [${FILE_EXTENSIONS.join(' ')}]`);
    }
  }
  if (errors.length > 0) throw new ManifestError(aggregateMessage(errors));

  return files.map((f) => {
    if (f === '-') return readSource(STDIN_SOURCE, opts.stdin(), opts.validate ?? false);
    return readSource(f, decodeText(fs.readFileSync(path.resolve(opts.cwd, f))), opts.validate ?? false);
  });
}

/** Decode one source's text into per-document results. */
export function readSource(source: string, text: string, validate = false): ManifestSource {
  const stream = decodeStream(text, source);
  const documents: DocumentResult[] = [];
  const objects: JsonObject[] = [];
  let error = stream.error;
  for (const doc of stream.documents) {
    if (validate) {
      // kubectl validates inside the stream loop and stops the stream at the first failure.
      const invalid = validateTypeMeta(doc.value, source);
      if (invalid) {
        error = invalid;
        break;
      }
    }
    const result = documentObjects(doc, source);
    documents.push({ index: doc.index, ...result });
    objects.push(...result.objects);
  }
  return error ? { source, objects, documents, error } : { source, objects, documents };
}

/** filepath.Walk from `shown`: the root itself if a file, else matching files in name order. */
function expandPath(shown: string, abs: string, recursive: boolean): string[] {
  if (!fs.statSync(abs).isDirectory()) return [shown];
  const out: string[] = [];
  const walk = (dirShown: string, dirAbs: string): void => {
    // Go sorts directory entries by name (bytes); JavaScript's default sort is by UTF-16
    // units, the same for the names that occur in practice.
    for (const name of fs.readdirSync(dirAbs).sort()) {
      const childAbs = path.join(dirAbs, name);
      const childShown = path.join(dirShown, name);
      if (fs.statSync(childAbs).isDirectory()) {
        if (recursive) walk(childShown, childAbs);
      } else if (FILE_EXTENSIONS.includes(path.extname(name))) {
        out.push(childShown);
      }
    }
  };
  walk(shown, abs);
  return out;
}

/** unicode.BOMOverride: a UTF-8 or UTF-16 BOM selects the encoding and is dropped. */
function decodeText(buf: Buffer): string {
  if (buf[0] === 0xef && buf[1] === 0xbb && buf[2] === 0xbf) return buf.subarray(3).toString('utf8');
  if (buf[0] === 0xff && buf[1] === 0xfe) return new TextDecoder('utf-16le').decode(buf.subarray(2));
  if (buf[0] === 0xfe && buf[1] === 0xff) return new TextDecoder('utf-16be').decode(buf.subarray(2));
  return buf.toString('utf8');
}
