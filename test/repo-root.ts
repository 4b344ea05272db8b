import { resolve } from 'node:path';

/** The checkout's root: tests run compiled from dist/test/, and read fixtures from test/. */
export const REPO_ROOT = resolve(__dirname, '..', '..');
