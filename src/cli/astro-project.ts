// Whether the CLI runs in an Astro project's root: its messages then speak of what the project has (a build
// in dist/, an astro.config the CLI does not read).
import { existsSync } from 'node:fs';
import { join } from 'node:path';

/** The file names Astro looks for its config under, in a project's root. */
const ASTRO_CONFIGS = ['mjs', 'js', 'ts', 'mts', 'cjs', 'cts'].map((ext) => `astro.config.${ext}`);

/**
 * The name of the Astro config in `dir`, or undefined when there is none.
 *
 * @example astroConfigIn(process.cwd()) // 'astro.config.mjs'
 */
export function astroConfigIn(dir: string): string | undefined {
  return ASTRO_CONFIGS.find((name) => existsSync(join(dir, name)));
}
