/**
 * The default imagePullPolicy (SetDefaults_Container): Always when the image's tag is
 * `latest`, IfNotPresent otherwise. An image without tag or digest counts as `latest`
 * (the reference parser fills it in); a digest-only image has no tag and gets IfNotPresent.
 *
 *   nginx                  → Always
 *   nginx:latest           → Always
 *   nginx:1.27             → IfNotPresent
 *   nginx@sha256:abc…      → IfNotPresent
 *   localhost:5000/app     → Always (the ':' belongs to the registry host)
 */
export function imageTag(image: string): string {
  const at = image.indexOf('@');
  const name = at >= 0 ? image.slice(0, at) : image;
  const lastSlash = name.lastIndexOf('/');
  const colon = name.indexOf(':', lastSlash + 1);
  if (colon >= 0) return name.slice(colon + 1);
  return at >= 0 ? '' : 'latest';
}

export function defaultImagePullPolicy(image: string): 'Always' | 'IfNotPresent' {
  return imageTag(image) === 'latest' ? 'Always' : 'IfNotPresent';
}
