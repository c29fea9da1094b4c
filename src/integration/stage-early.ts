// Pages staged while Astro is still rendering. Astro renders and writes `build.concurrency` pages at a time (1
// by default), each page whole before the next one starts: once that many pages have started after a page,
// the page is on disk (or, rarely, its render was slower than theirs and it is not yet, or is being written).
// It is then planned and staged from disk on a thread of its own while Astro renders the rest, so the pass
// that follows has mostly renames left. The pages still rendering when Astro ends are staged then, and those
// on disk before the index came in once it does. Page by page, each page's data is asked as Astro starts
// rendering it, and the page staged once both its answers and its file are in. What is not staged here (pages
// Astro restored from its cache, anything that failed) the pass stages as usual, and a page read while Astro
// was still writing it, or that another integration rewrote since, is staged again at commit (write-page.ts).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLimit } from '../map-concurrently.ts';
import { pathInSite } from '../url-forms.ts';
import { removeWrittenBesideSync } from '../write-file-atomically.ts';
import { fromIndex, indexHoldsAll } from './fetch-head-data.ts';
import type { ResolvedOptions } from './options.ts';
import { cmsUrlFor } from './page-context.ts';
import type { PageData } from './page-data.ts';
import { type BuiltPage, isExcluded, listBuiltPages, type RouteInfo, type SiteLayout } from './pages.ts';
import { type PageJob, pageJobOptions } from './plan-and-stage.ts';
import type { PlanContext } from './plan-page.ts';
import type { HeadIndex } from './read-index.ts';
import type { PageReadAhead } from './read-page-data.ts';
import { type EarlyPage, FILE_CONCURRENCY } from './stage-pages.ts';
import { stagingRunner } from './staging-thread.ts';
import { type StagedPage, stagedPage } from './write-page.ts';

export interface EarlyStager {
  /** Told each prerendered page's pathname as Astro starts rendering it. */
  rendering(pathname: string): void;
  /**
   * Once Astro has written every page: stages the pages rendered and not staged yet (the last ones), waits
   * for the index (if it is the source) and the pages under way, and resolves to those planned (and staged),
   * by file.
   */
  settle(): Promise<ReadonlyMap<string, EarlyPage>>;
  /** Removes every staged file not renamed over its page (safe after the pass has committed); ends the thread. */
  discard(): Promise<void>;
}

/**
 * @example const early = earlyStager({ options, layout, routes, context, source: { index }, canReadTags, renderedAtOnce: 1, outDirs, warn });
 */
export function earlyStager(input: {
  options: ResolvedOptions;
  layout: SiteLayout;
  routes: RouteInfo[];
  context: PlanContext;
  /** Where the pages' data comes from: the index read early, or each page asked as it is rendered. */
  source: { index: Promise<HeadIndex | null> } | { readAhead: PageReadAhead };
  canReadTags: boolean;
  /** Astro's build.concurrency: how many pages it renders and writes at a time. */
  renderedAtOnce: number;
  /** Where prerendered pages may be written (a server build's client folder, the output folder). */
  outDirs: string[];
  /** Told once if the staging thread fails (the pages are then staged on this thread). */
  warn: (line: string) => void;
}): EarlyStager {
  const { options, layout } = input;
  const settings = pageJobOptions(options);
  // Pages started, oldest first, not yet known to be on disk: the last `renderedAtOnce` of them.
  const rendering: BuiltPage[] = [];
  // Pages that were not on disk when their turn came: looked for again once Astro has ended.
  const notOnDisk: BuiltPage[] = [];
  const { source } = input;
  let index: HeadIndex | null | undefined;
  // Pages on disk before the index was in (Astro may start rendering while it is still being read).
  const awaitingIndex: BuiltPage[] = [];
  const indexRead =
    'index' in source
      ? source.index
          .then((read) => {
            index = read;
            for (const page of awaitingIndex.splice(0)) stage(page);
          })
          // Whatever failed here, the pass stages those pages itself, and says what fails there.
          .catch(() => undefined)
      : Promise.resolve();

  const jobs = createLimit(FILE_CONCURRENCY);
  // Started now, so that it is ready for the first page.
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

  /** The URL the CMS knows the page by; null for an excluded page or a cmsUrl that fails (the pass reports it). */
  function cmsUrlOf(page: BuiltPage): string | null {
    if (isExcluded(page.pathname, options.exclude)) return null;
    try {
      return cmsUrlFor(page, options);
    } catch {
      return null;
    }
  }

  /** The page's data as it will be once in, or null when the pass must get it. */
  function dataFor(cmsUrl: string): PageData | Promise<PageData> | null {
    if ('readAhead' in source) return source.readAhead.read(cmsUrl);
    // Not read early, or read without the meta and social lists (tags then come page by page): the pass does it.
    if (!index || !indexHoldsAll(index, input.canReadTags)) return null;
    return fromIndex(index, cmsUrl, input.canReadTags);
  }

  function stage(page: BuiltPage): void {
    if (started.has(page.file)) return;
    const cmsUrl = cmsUrlOf(page);
    if (cmsUrl === null) return;
    const outDir = input.outDirs.find((dir) => existsSync(join(dir, page.file)));
    if (outDir === undefined) {
      notOnDisk.push(page);
      return;
    }
    if (index === undefined && 'index' in source) {
      awaitingIndex.push(page);
      return;
    }
    const answer = dataFor(cmsUrl);
    if (answer === null) return;
    started.add(page.file);
    const path = join(outDir, page.file);
    const done = Promise.resolve(answer)
      .then((data) =>
        jobs(() => {
          inFlight.add(path);
          const job: PageJob = { page, cmsUrl, data, context: input.context, options: settings, outDir };
          return runner.run(job).then((result): EarlyPage => {
            const staging = result.staged && result.job ? stagedPage(result.job, result.staged, true) : null;
            if (staging) staged.add(staging);
            inFlight.delete(path);
            return { page, cmsUrl, outDir, data, plan: result.plan, staged: staging };
          });
        }),
      )
      // A page that failed here is the pass's to plan and stage, and to report if it fails again (an answer
      // that failed is not asked again: the pass takes the same failure from the read-ahead).
      .catch(() => {
        inFlight.delete(path);
        return null;
      });
    under.add(done);
  }

  return {
    rendering(pathname) {
      const inSite = pathInSite(pathname, layout.base);
      // The page as the pass will list it from astro:build:done: the same file and URL rules (the list may
      // also hold the i18n fallback pages rendered from it, which are not on disk yet).
      const own = `/${inSite.replace(/^\/+|\/+$/g, '')}`;
      const page = listBuiltPages([inSite], input.routes, layout).find((built) => built.pathname === own);
      if (page) {
        // Page by page, its data is asked now, to be in by the time its file is.
        if ('readAhead' in source) {
          const cmsUrl = cmsUrlOf(page);
          if (cmsUrl !== null) void source.readAhead.read(cmsUrl);
        }
        rendering.push(page);
      }
      // Astro started this page once one in flight was written: the page that many back most likely was.
      while (rendering.length > input.renderedAtOnce) stage(rendering.shift() as BuiltPage);
    },
    async settle() {
      // Rendering has ended: the pages still in flight are on disk now, as are those that were not yet.
      for (const page of [...rendering.splice(0), ...notOnDisk.splice(0)]) stage(page);
      await indexRead;
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
