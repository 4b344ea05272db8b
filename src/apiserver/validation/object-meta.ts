import { jsonEqual, type JsonValue } from '../../common/json.js';
import type { ObjectMeta } from '../../api/meta/v1.js';
import {
  FIELD_IMMUTABLE,
  forbidden,
  invalid,
  nonNegative,
  required,
  tooLong,
  type FieldError,
} from './field-error.js';
import type { FieldPath } from './field-path.js';
import type { BadValue } from './go-format.js';
import { isQualifiedName, isValidLabelValue, nameIsDNSLabel, type NameValidator } from './name-formats.js';

/**
 * ObjectMeta validation (apimachinery pkg/api/validation/objectmeta.go, plus the core
 * wrapper's finalizer-name check). Go iterates label/annotation maps in random order; we use
 * sorted key order so the result is reproducible.
 */

/** TotalAnnotationSizeLimitB: 256 KiB over all keys and values. */
const TOTAL_ANNOTATION_SIZE_LIMIT = 256 * 1024;

/** Finalizer names that need no domain prefix (core helper.IsStandardFinalizerName). */
const STANDARD_FINALIZERS = new Set(['kubernetes', 'orphan', 'foregroundDeletion']);

function sortedKeys(m: Record<string, string> | undefined): string[] {
  return Object.keys(m ?? {}).sort();
}

export function validateLabelName(name: string, path: FieldPath): FieldError[] {
  return isQualifiedName(name).map((msg) => invalid(path, name, msg));
}

/** ValidateLabels: every error is reported at the map's own path (`metadata.labels`). */
export function validateLabels(labels: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const k of sortedKeys(labels)) {
    errs.push(...validateLabelName(k, path));
    const v = labels?.[k] ?? '';
    for (const msg of isValidLabelValue(v)) errs.push(invalid(path, v, msg));
  }
  return errs;
}

/** ValidateAnnotations: keys are qualified names (case-insensitive), total size ≤ 256 KiB. */
export function validateAnnotations(annotations: Record<string, string> | undefined, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let total = 0;
  for (const k of sortedKeys(annotations)) {
    for (const msg of isQualifiedName(k.toLowerCase())) errs.push(invalid(path, k, msg));
    total += Buffer.byteLength(k, 'utf8') + Buffer.byteLength(annotations?.[k] ?? '', 'utf8');
  }
  if (total > TOTAL_ANNOTATION_SIZE_LIMIT) errs.push(tooLong(path, TOTAL_ANNOTATION_SIZE_LIMIT));
  return errs;
}

function validateOwnerReferences(meta: ObjectMeta, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  let firstController = '';
  for (const ref of meta.ownerReferences ?? []) {
    const apiVersion = ref.apiVersion ?? '';
    const version = apiVersion.includes('/') ? apiVersion.split('/')[1] ?? '' : apiVersion;
    if (!version) errs.push(invalid(path.child('apiVersion'), apiVersion, 'version must not be empty'));
    if (!ref.kind) errs.push(invalid(path.child('kind'), ref.kind ?? '', 'must not be empty'));
    if (!ref.name) errs.push(invalid(path.child('name'), ref.name ?? '', 'must not be empty'));
    if (!ref.uid) errs.push(invalid(path.child('uid'), ref.uid ?? '', 'must not be empty'));
    if (ref.controller) {
      const current = `${ref.kind}/${ref.name}`;
      if (firstController) {
        errs.push(
          invalid(
            path,
            meta.ownerReferences ?? [],
            `Only one reference can have Controller set to true. Found "true" in references for ${firstController} and ${current}`,
          ),
        );
      } else firstController = current;
    }
  }
  return errs;
}

function validateFinalizers(finalizers: string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of finalizers) errs.push(...isQualifiedName(f).map((msg) => invalid(path, f, msg)));
  if (finalizers.includes('orphan') && finalizers.includes('foregroundDeletion')) {
    errs.push(invalid(path, finalizers, 'finalizer orphan and foregroundDeletion cannot be both set'));
  }
  return errs;
}

/**
 * The core wrapper's second pass (validateKubeFinalizerName). It re-runs the qualified-name
 * check, so a malformed finalizer is reported twice, as kube-apiserver does.
 */
function validateKubeFinalizers(finalizers: string[], path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  for (const f of finalizers) {
    const base = isQualifiedName(f).map((msg) => invalid(path, f, msg));
    if (base.length) errs.push(...base);
    else if (!f.includes('/') && !STANDARD_FINALIZERS.has(f)) {
      errs.push(invalid(path, f, 'name is neither a standard finalizer name nor is it fully qualified'));
    }
  }
  return errs;
}

/** ValidateObjectMeta on create; `nameFn` is the kind's name rule. */
export function validateObjectMeta(
  meta: ObjectMeta,
  requiresNamespace: boolean,
  nameFn: NameValidator,
  path: FieldPath,
): FieldError[] {
  const errs: FieldError[] = [];
  const generateName = meta.generateName ?? '';
  if (generateName) {
    for (const msg of nameFn(generateName, true)) errs.push(invalid(path.child('generateName'), generateName, msg));
  }
  const name = meta.name ?? '';
  if (!name) errs.push(required(path.child('name'), 'name or generateName is required'));
  else for (const msg of nameFn(name, false)) errs.push(invalid(path.child('name'), name, msg));
  const ns = meta.namespace ?? '';
  if (requiresNamespace) {
    if (!ns) errs.push(required(path.child('namespace')));
    else for (const msg of nameIsDNSLabel(ns, false)) errs.push(invalid(path.child('namespace'), ns, msg));
  } else if (ns) {
    errs.push(forbidden(path.child('namespace'), 'not allowed on this type'));
  }
  // An absent field has nothing to report: not even its path is made (the event recorder's
  // Events have a name and a namespace only, 40,000 of them in a 2-minute advance of 10,000 pods).
  if (meta.generation !== undefined) errs.push(...nonNegative(meta.generation, path.child('generation')));
  if (meta.labels !== undefined) errs.push(...validateLabels(meta.labels, path.child('labels')));
  if (meta.annotations !== undefined) errs.push(...validateAnnotations(meta.annotations, path.child('annotations')));
  if (meta.ownerReferences !== undefined) errs.push(...validateOwnerReferences(meta, path.child('ownerReferences')));
  const finalizers = meta.finalizers ?? [];
  if (finalizers.length) {
    errs.push(...validateFinalizers(finalizers, path.child('finalizers')));
    errs.push(...validateKubeFinalizers(finalizers, path.child('finalizers')));
  }
  return errs;
}

/** ValidateImmutableField: `Invalid value: <new>: field is immutable`. */
export function validateImmutableField(
  newVal: JsonValue | undefined,
  oldVal: JsonValue | undefined,
  shown: BadValue,
  path: FieldPath,
): FieldError[] {
  return jsonEqual(newVal ?? null, oldVal ?? null) ? [] : [invalid(path, shown, FIELD_IMMUTABLE)];
}

/**
 * ValidateObjectMetaUpdate. The resourceVersion rule ("must be specified for an update") is
 * left out: kube-apiserver fills in the stored version for unconditional updates before
 * validating, and kubemu's server does the same.
 */
export function validateObjectMetaUpdate(meta: ObjectMeta, old: ObjectMeta, path: FieldPath): FieldError[] {
  const errs: FieldError[] = [];
  if (old.deletionTimestamp) {
    const added = (meta.finalizers ?? []).filter((f) => !(old.finalizers ?? []).includes(f));
    if (added.length) {
      const list = [...new Set(added)].sort().map((f) => JSON.stringify(f));
      errs.push(
        forbidden(
          path.child('finalizers'),
          `no new finalizers can be added if the object is being deleted, found new finalizers []string{${list.join(', ')}}`,
        ),
      );
    }
  }
  const newGen = meta.generation ?? 0;
  if (newGen < (old.generation ?? 0)) errs.push(invalid(path.child('generation'), newGen, 'must not be decremented'));
  // Strings compare with "" for absent; the deletion fields are pointers and compare with nil.
  const immutable: [string, boolean][] = [
    ['name', false],
    ['namespace', false],
    ['uid', false],
    ['creationTimestamp', false],
    ['deletionTimestamp', true],
    ['deletionGracePeriodSeconds', true],
  ];
  for (const [field, pointer] of immutable) {
    const nv = meta[field] as JsonValue | undefined;
    const ov = old[field] as JsonValue | undefined;
    const a = nv === undefined ? (pointer ? null : '') : nv;
    const b = ov === undefined ? (pointer ? null : '') : ov;
    const shown: BadValue = typeof a === 'number' || a === null ? a : String(a);
    errs.push(...validateImmutableField(a, b, shown, path.child(field)));
  }
  errs.push(...validateLabels(meta.labels, path.child('labels')));
  errs.push(...validateAnnotations(meta.annotations, path.child('annotations')));
  errs.push(...validateOwnerReferences(meta, path.child('ownerReferences')));
  return errs;
}
