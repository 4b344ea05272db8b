/**
 * distribution/reference's ReferenceRegexp (v0.6, as vendored by kubectl 1.33), which
 * `kubectl run` checks the image against before doing anything else:
 * `[domain[:port]/]path[:tag][@digest]`, where path components are lower-case alphanumerics
 * joined by `.`, `_`, `__` or runs of `-`. `nginx`, `ghcr.io/example/hello:1.0`,
 * `localhost:5000/a/b@sha256:<64 hex>` match; `Foo/BAR` (upper case) and `a:` do not.
 */
const alnum = '[a-z0-9]+';
const separator = '(?:[._]|__|[-]+)';
const pathComponent = `${alnum}(?:${separator}${alnum})*`;
const domainComponent = '(?:[a-zA-Z0-9]|[a-zA-Z0-9][a-zA-Z0-9-]*[a-zA-Z0-9])';
const ipv6 = '\\[(?:[a-fA-F0-9:]+)\\]';
const host = `(?:${domainComponent}(?:\\.${domainComponent})*|${ipv6})`;
const domainAndPort = `${host}(?::[0-9]+)?`;
const name = `(?:${domainAndPort}/)?${pathComponent}(?:/${pathComponent})*`;
const tag = '[\\w][\\w.-]{0,127}';
const digest = '[A-Za-z][A-Za-z0-9]*(?:[-_+.][A-Za-z][A-Za-z0-9]*)*[:][0-9a-fA-F]{32,}';
const REFERENCE = new RegExp(`^${name}(?::${tag})?(?:@${digest})?$`);

/** Whether `image` is a well-formed image reference. */
export function isImageReference(image: string): boolean {
  return REFERENCE.test(image);
}
