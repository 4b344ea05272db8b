import { isJsonObject } from '../../common/json.js';
import { invalid, type FieldError } from './field-error.js';
import type { FieldPath } from './field-path.js';

/**
 * ImageRepository `files` (spec.behavior.files, spec.tags[T].files; images/image-files.ts): a map
 * of absolute path to content.
 *
 *   spec.behavior.files: Invalid value: "x": must be a map of absolute path to file content
 *   spec.tags[1.1].files[tmp/ready]: Invalid value: "tmp/ready": must be an absolute path
 *   spec.behavior.files[/tmp/ready]: Invalid value: 1: must be a string
 */
export function validateImageFiles(files: unknown, path: FieldPath): FieldError[] {
  if (files === undefined || files === null) return [];
  if (!isJsonObject(files)) return [invalid(path, files, 'must be a map of absolute path to file content')];
  const errs: FieldError[] = [];
  for (const p of Object.keys(files).sort()) {
    if (!p.startsWith('/') || p.length < 2) errs.push(invalid(path.key(p), p, 'must be an absolute path'));
    else if (p.endsWith('/')) errs.push(invalid(path.key(p), p, 'must name a file, not a directory'));
    const content = files[p];
    if (typeof content !== 'string') errs.push(invalid(path.key(p), content ?? null, 'must be a string'));
  }
  return errs;
}
