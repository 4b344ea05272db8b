import { lazy } from './lazy.js';

/**
 * node:crypto, loaded on first use: it costs a short command about 2 ms to load, and only cluster
 * creation, image digests and an unseeded cluster's randomness need it.
 */
export const nodeCrypto = lazy(() => require('node:crypto') as typeof import('node:crypto'));
