import { compareGoStrings } from '../../../common/go-strings.js';

/**
 * apimachinery labels.FormatLabels: `k=v` pairs sorted by key and joined by `,`, or `<none>` for
 * an empty or missing map. `{tier: web, app: hello}` → `app=hello,tier=web`.
 */
export function formatLabels(labels: Readonly<Record<string, string>> | undefined | null): string {
  const map = labels ?? {};
  const keys = Object.keys(map).sort(compareGoStrings);
  if (keys.length === 0) return '<none>';
  return keys.map((k) => `${k}=${map[k] ?? ''}`).join(',');
}
