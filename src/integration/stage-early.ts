// Pages staged while Astro is still rendering. With the index read as the build started and Astro rendering
// one page at a time (build.concurrency 1, its default), a page's file is complete on disk once the next page
// starts rendering: it is then planned and staged from disk on a thread of its own while Astro renders the
// rest, so the pass that follows has mostly renames left. What is not staged here (the last page, pages Astro
// restored from its cache, anything that failed) the pass stages as usual, and a page whose file grew after
// it was read is staged again at commit (write-page.ts).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLimit } from '../map-concurrently.ts';
import { removeWrittenBesideSync } from '../write-file-atomically.ts';
import { fromIndex } from './fetch-head-data.ts';
import type { ResolvedOptions } from './options.ts';
import { cmsUrlFor } from './page-context.ts';
import { type BuiltPage, isExcluded, listBuiltPages, type RouteInfo, type SiteLayout } from './pages.ts';
import { type PageJob, pageJobOptions } from './plan-and-stage.ts';
import type { PlanContext } from './plan-page.ts';
import type { HeadIndex } from './read-index.ts';
import { type EarlyPage, FILE_CONCURRENCY } from './stage-pages.ts';
import { stagingRunner } from './staging-thread.ts';
import { type StagedPage, stagedPage } from './write-page.ts';

export interface EarlyStager {
  /** Told each prerendered page's pathname as Astro starts rendering it. */
  rendering(pathname: string): void;
  /** Waits for the pages under way; resolves to those planned (and staged), by file. */
  settle(): Promise<ReadonlyMap<string, EarlyPage>>;
  /** Removes every staged file not renamed over its page (safe after the pass has committed); ends the thread. */
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
  /** Told once if the staging thread fails (the pages are then staged on this thread). */
  warn: (line: string) => void;
}): EarlyStager {
  const { options, layout } = input;
  const base = layout.base.replace(/\/+$/, '');
  const settings = pageJobOptions(options);
  let previous: BuiltPage | null = null;
  let index: HeadIndex | null | undefined;
  void input.index.then((read) => {
    index = read;
  });

  const jobs = createLimit(FILE_CONCURRENCY);
  const runner = stagingRunner(input.warn);
  const started = new Set<string>();
  const under = new Set<Promise<EarlyPage | null>>();
  // Staged files are removed if the process ends before the pass takes them over (a render that fails).
  const staged = new Set<StagedPage>();
  // Pages on the thread now: what it wrote for them has not been reported yet.
  const inFlight = new Set<string>();
  const onExit = () => {
    for (const page of staged) if (page.temporary) rmSync(page.temporary, { force: true });
    for (const path of inFlight) removeWrittenBesideSync(path);
  };
  process.on('exit', onExit);

  function stage(page: BuiltPage): void {
    // Not read yet, or read without the meta and social lists (tags then come page by page): the pass does it.
    if (!index || (input.canReadTags && index.meta === null)) return;
    if (started.has(page.file) || isExcluded(page.pathname, options.exclude)) return;
    const outDir = input.outDirs.find((dir) => existsSync(join(dir, page.file)));
    if (outDir === undefined) return;
    let cmsUrl: string;
    try {
      cmsUrl = cmsUrlFor(page, options);
    } catch {
      return; // the pass reports a cmsUrl that does not answer a URL
    }
    started.add(page.file);
    const data = fromIndex(index, cmsUrl, input.canReadTags);
    const job: PageJob = { page, cmsUrl, data, context: input.context, options: settings, outDir };
    const path = join(outDir, page.file);
    const done = jobs(() => {
      inFlight.add(path);
      return runner.run(job);
    }).then(
      (result): EarlyPage => {
        const page = result.staged && result.job ? stagedPage(result.job, result.staged, true) : null;
        if (page) staged.add(page);
        inFlight.delete(path);
        return { page: job.page, cmsUrl, outDir, data, plan: result.plan, staged: page };
      },
      // A page that failed here is the pass's to plan and stage, and to report if it fails again.
      () => {
        inFlight.delete(path);
        return null;
      },
    );
    under.add(done);
  }

  return {
    rendering(pathname) {
      if (previous) stage(previous);
      const inSite = base && pathname.startsWith(`${base}/`) ? pathname.slice(base.length) : pathname;
      // The page as the pass will list it from astro:build:done: the same file and URL rules (the list may
      // also hold the i18n fallback pages rendered from it, which are not on disk yet).
      const own = `/${inSite.replace(/^\/+|\/+$/g, '')}`;
      previous = listBuiltPages([inSite], input.routes, layout).find((page) => page.pathname === own) ?? null;
    },
    async settle() {
      const pages = new Map<string, EarlyPage>();
      for (const page of await Promise.all(under)) if (page) pages.set(page.page.file, page);
      return pages;
    },
    async discard() {
      process.removeListener('exit', onExit);
      await Promise.all(under);
      await Promise.all([...staged].map((page) => page.discard()));
      await runner.close();
    },
  };
}
