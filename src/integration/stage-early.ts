// Pages staged while Astro is still rendering. With the index read as the build started and Astro rendering
// one page at a time (build.concurrency 1, its default), a page's file is complete on disk once the next page
// starts rendering: it is planned and staged then, from disk, while Astro renders the rest, and the pass that
// follows has mostly renames left. What is not staged here (the last page, pages Astro restored from its
// cache, anything that failed) the pass stages as usual, and a page whose file grew after it was read is
// staged again at commit (write-page.ts).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLimit } from '../map-concurrently.ts';
import { fromIndex } from './fetch-head-data.ts';
import type { ResolvedOptions } from './options.ts';
import { type BuiltPage, isExcluded, listBuiltPages, type RouteInfo, type SiteLayout } from './pages.ts';
import { cmsUrlFor, type PlanContext, planPage } from './plan-page.ts';
import type { HeadIndex } from './read-index.ts';
import { type EarlyPage, FILE_CONCURRENCY, stopsBuild } from './stage-pages.ts';
import { type StagedPage, stagePage } from './write-page.ts';

export interface EarlyStager {
  /** Told each prerendered page's pathname as Astro starts rendering it. */
  rendering(pathname: string): void;
  /** The pages planned so far, by file. */
  pages: ReadonlyMap<string, EarlyPage>;
  /** Removes every staged file not renamed over its page (safe after the pass has committed). */
  discard(): Promise<void>;
}

/**
 * @example const early = earlyStager({ options, layout, routes, context, index, canReadTags, outDirs });
 */
export function earlyStager(input: {
  options: ResolvedOptions;
  layout: SiteLayout;
  routes: RouteInfo[];
  context: PlanContext;
  index: Promise<HeadIndex | null>;
  canReadTags: boolean;
  /** Where prerendered pages may be written (a server build's client folder, the output folder). */
  outDirs: string[];
}): EarlyStager {
  const { options, layout } = input;
  const pages = new Map<string, EarlyPage>();
  const base = layout.base.replace(/\/+$/, '');
  let previous: BuiltPage | null = null;
  let index: HeadIndex | null | undefined;
  void input.index.then((read) => {
    index = read;
  });

  const staging = new Set<Promise<StagedPage>>();
  const files = createLimit(FILE_CONCURRENCY);
  // Staged files are removed if the process ends before the pass takes them over (a render that fails).
  const done = new Set<StagedPage>();
  const onExit = () => {
    for (const staged of done) if (staged.temporary) rmSync(staged.temporary, { force: true });
  };
  process.on('exit', onExit);

  function stage(page: BuiltPage): void {
    // Not read yet, or read without the meta and social lists (tags then come page by page): the pass does it.
    if (!index || (input.canReadTags && index.meta === null)) return;
    if (pages.has(page.file) || isExcluded(page.pathname, options.exclude)) return;
    const outDir = input.outDirs.find((dir) => existsSync(join(dir, page.file)));
    if (outDir === undefined) return;
    let cmsUrl: string;
    try {
      cmsUrl = cmsUrlFor(page, options);
    } catch {
      return; // the pass reports a cmsUrl that does not answer a URL
    }
    const data = fromIndex(index, cmsUrl, input.canReadTags);
    const plan = planPage(page, cmsUrl, data, input.context);
    let staged: Promise<StagedPage> | null = null;
    if (!options.remoteValidate && !stopsBuild(plan, options)) {
      const url = options.audit ? page.url : null;
      staged = files(() => stagePage(outDir, page.file, plan.tags, options.onConflict, url, true));
      // A failure here is the pass's to meet again (it stages the page itself), not an unhandled rejection.
      staged.then(
        (result) => done.add(result),
        () => pages.delete(page.file),
      );
      staging.add(staged);
    }
    pages.set(page.file, { page, cmsUrl, outDir, data, plan, staged });
  }

  return {
    pages,
    rendering(pathname) {
      if (previous) stage(previous);
      const inSite = base && pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
      // The page as the pass will list it from astro:build:done: the same file and URL rules.
      previous = listBuiltPages([inSite], input.routes, layout)[0] ?? null;
    },
    async discard() {
      process.removeListener('exit', onExit);
      const all = await Promise.allSettled(staging);
      await Promise.all(all.map((result) => (result.status === 'fulfilled' ? result.value.discard() : null)));
    },
  };
}
