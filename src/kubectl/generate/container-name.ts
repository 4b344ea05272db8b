/**
 * The container name `create deployment` derives from an image (create_deployment.go
 * buildPodSpec): the last path element without its tag or digest; if that has `_` or `.`
 * (not allowed in a DNS-1123 label) they become `-` and a random 5-character suffix makes it
 * unique:
 *   nginx                     → nginx
 *   ghcr.io/example/hello:1.0 → hello
 *   Foo/BAR@sha256:abc        → BAR            (kept as is: kubectl does not lower-case)
 *   my.reg/x_y.z:1            → x-y-z-<rand>   e.g. x-y-z-zb7g2
 */
export function containerNameForImage(image: string, randomSuffix: () => string): string {
  let name = image.split('/').pop() ?? '';
  if (name.includes(':')) name = name.split(':')[0]!;
  if (name.includes('@')) name = name.split('@')[0]!;
  if (/[_.]/.test(name)) name = `${name.replace(/_/g, '-').replace(/\./g, '-')}-${randomSuffix()}`;
  return name;
}
