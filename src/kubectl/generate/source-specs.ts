/**
 * The `--from-literal` and `--from-file` specs of `create configmap` / `create secret`
 * (kubectl/pkg/util ParseLiteralSource, ParseFileSource).
 */
/**
 * `key=value`: split at the first `=`; the value may contain more `=` (`b=x=y` → b, "x=y").
 * A missing `=` or an empty key is an error: `invalid literal source bad, expected key=value`.
 */
export function parseLiteralSource(source: string): { key: string; value: string } {
  const i = source.indexOf('=');
  if (i <= 0) throw new Error(`invalid literal source ${source}, expected key=value`);
  return { key: source.slice(0, i), value: source.slice(i + 1) };
}

/**
 * `path` (the key is the path's base name) or `key=path`. Unlike literals, a second `=` is
 * an error, since neither the key nor the path may contain one.
 */
export function parseFileSource(source: string): { key: string; path: string } {
  const separators = source.split('=').length - 1;
  if (separators === 0) return { key: goPathBase(source), path: source };
  if (separators === 1 && source.startsWith('=')) throw new Error(`key name for file path ${source.slice(1)} missing`);
  if (separators === 1 && source.endsWith('=')) throw new Error(`file path for key name ${source.slice(0, -1)} missing`);
  if (separators > 1) throw new Error("key names or file paths cannot contain '='");
  const [key, path] = source.split('=') as [string, string];
  return { key, path };
}

/** Go's path.Base: the last element after dropping trailing slashes; "" → ".", "/" → "/". */
export function goPathBase(p: string): string {
  if (p === '') return '.';
  const trimmed = p.replace(/\/+$/, '');
  if (trimmed === '') return '/';
  return trimmed.slice(trimmed.lastIndexOf('/') + 1);
}
