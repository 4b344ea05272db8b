/**
 * core/v1 Volume. kubectl prints a volume by whichever source it has, read generically (describe's
 * volumes.ts), so the sources are carried as JSON beside the name.
 */
export interface Volume {
  name: string;
  configMap?: { name?: string; optional?: boolean; items?: { key: string; path: string; mode?: number }[] };
  secret?: { secretName?: string; optional?: boolean; items?: { key: string; path: string; mode?: number }[] };
  persistentVolumeClaim?: { claimName?: string; readOnly?: boolean };
  emptyDir?: { medium?: string; sizeLimit?: string | number };
  hostPath?: { path?: string; type?: string };
  [source: string]: unknown;
}
