// `astro-schema-manager clear-cache`: removes the build cache (the API's answers kept between builds) from
// Astro's cacheDir, so that the next build asks for everything afresh.
import { statSync } from 'node:fs';
import { resolve } from 'node:path';
import { CACHE_FOLDER, clearBuildCache } from '../integration/build-cache.ts';
import { type Command, UsageError } from './command.ts';

export const command: Command = {
  summary: 'Remove the build cache (the API answers kept between builds) from Astro’s cacheDir',
  description: `The cache is the folder ${CACHE_FOLDER}/ in Astro's cacheDir (node_modules/.astro by default).
Pass --cache-dir when astro.config sets cacheDir.`,
  arguments: [{ name: '[root]', description: 'the Astro project (default: the current directory)' }],
  options: [
    {
      flags: '--cache-dir <dir>',
      description: "Astro's cacheDir, relative to the root (default: node_modules/.astro)",
    },
  ],
  epilog: 'Exit codes: 0 removed, or there was none; 2 usage error.',
  async run({ values, positionals }) {
    const root = resolve(positionals[0] ?? '.');
    // A mistyped project path would otherwise pass as "nothing to remove", and the stale cache stay.
    if (!statSync(root, { throwIfNoEntry: false })?.isDirectory())
      throw new UsageError(`${positionals[0]} is no directory: name the Astro project (or run in it).`);
    const cacheDir = resolve(
      root,
      typeof values['cache-dir'] === 'string' ? values['cache-dir'] : 'node_modules/.astro',
    );
    const removed = clearBuildCache(cacheDir);
    process.stdout.write(
      removed
        ? `Removed the build cache in ${cacheDir}.\n`
        : `No build cache in ${cacheDir}: nothing to remove.\n`,
    );
    return 0;
  },
};
