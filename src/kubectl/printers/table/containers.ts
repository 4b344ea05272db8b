import type { Container } from '../../../api/core/v1/container.js';

/** The parts of a pod template's container list the wide CONTAINERS/IMAGES columns read. */
export type ContainerNameImage = Partial<Pick<Container, 'name' | 'image'>>;

/**
 * printers.go layoutContainerCells: container names and images, each joined by `,` with no
 * spaces, in spec order: `[{app, a:1}, {sidecar, b:2}]` → [`app,sidecar`, `a:1,b:2`].
 */
export function layoutContainerCells(containers: readonly ContainerNameImage[] | undefined): [string, string] {
  const list = containers ?? [];
  return [list.map((c) => c.name ?? '').join(','), list.map((c) => c.image ?? '').join(',')];
}
