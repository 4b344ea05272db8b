/** k8s.io/apimachinery/pkg/apis/meta/v1 types every object carries, in Go declaration order. */
import { bool, int64, list, map, named, str, struct, time, unchecked, type GoType } from './go-types.js';

export const ownerReference: GoType = struct('v1.OwnerReference', () => ({
  apiVersion: str,
  kind: str,
  name: str,
  uid: named('types.UID'),
  controller: bool,
  blockOwnerDeletion: bool,
}));

export const managedFieldsEntry: GoType = struct('v1.ManagedFieldsEntry', () => ({
  manager: str,
  operation: named('v1.ManagedFieldsOperationType'),
  apiVersion: str,
  time,
  fieldsType: str,
  fieldsV1: unchecked,
  subresource: str,
}));

export const objectMeta: GoType = struct('v1.ObjectMeta', () => ({
  name: str,
  generateName: str,
  namespace: str,
  selfLink: str,
  uid: named('types.UID'),
  resourceVersion: str,
  generation: int64,
  creationTimestamp: time,
  deletionTimestamp: time,
  deletionGracePeriodSeconds: int64,
  labels: map(str),
  annotations: map(str),
  ownerReferences: list(ownerReference),
  finalizers: list(str),
  managedFields: list(managedFieldsEntry),
}));

export const labelSelector: GoType = struct('v1.LabelSelector', () => ({
  matchLabels: map(str),
  matchExpressions: list(
    struct('v1.LabelSelectorRequirement', () => ({
      key: str,
      operator: named('v1.LabelSelectorOperator'),
      values: list(str),
    })),
  ),
}));

/** metav1.ObjectMeta alone: what kubectl checks of every object it reads (metadataOnlyObject). */
export const metadataOnlyObject: GoType = struct('metadataOnlyObject', () => ({ metadata: objectMeta }));
