/**
 * What the set commands need from the CLI: label/annotate's CommandEnv plus stderr (for
 * `set env`'s "does not have any containers matching" warning).
 */
import type { CommandEnv } from '../../resource/command-env.js';

export interface SetCommandEnv extends CommandEnv {
  err(text: string): void;
}
