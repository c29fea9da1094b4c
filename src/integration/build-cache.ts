// Where the build keeps the API's answers between builds: one SQLite file under Astro's cacheDir, used
// through undici's cache interceptor (see src/client/send.ts). Clearing it is removing the folder.
import { mkdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';

/** The folder under Astro's cacheDir that is this package's own. */
export const CACHE_FOLDER = 'astro-schema-manager';

/**
 * The cache file for a build, its folder made; null when the cache is off.
 *
 * @example buildCacheFile('/site/node_modules/.astro', true) // '/site/node_modules/.astro/astro-schema-manager/http-cache.sqlite'
 */
export function buildCacheFile(cacheDir: string, enabled: boolean): string | null {
  if (!enabled) return null;
  const folder = join(cacheDir, CACHE_FOLDER);
  mkdirSync(folder, { recursive: true });
  return join(folder, 'http-cache.sqlite');
}

/** Removes the build cache under `cacheDir`; true when there was one. */
export function clearBuildCache(cacheDir: string): boolean {
  const folder = join(cacheDir, CACHE_FOLDER);
  let existed = true;
  try {
    rmSync(folder, { recursive: true });
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
    existed = false;
  }
  return existed;
}
