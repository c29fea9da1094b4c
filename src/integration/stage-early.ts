// Pages staged while Astro is still rendering. With the index read as the build started and Astro rendering
// one page at a time (build.concurrency 1, its default), a page's file is complete on disk once the next page
// starts rendering: it is then planned and staged from disk on a thread of its own while Astro renders the
// rest (the last one once rendering has ended; those already on disk when the index comes in, then), so the
// pass that follows has mostly renames left. Page by page, each page's data is asked as Astro starts rendering
// it (at any build.concurrency), and the page staged on the thread once both its answers and its file are in
// (at a higher build.concurrency, once rendering has ended: Astro's thread stays free for the answers). What
// is not staged here (pages Astro restored from its cache, anything that failed) the pass stages as usual, and
// a page whose file grew after it was read is staged again at commit (write-page.ts).
import { existsSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { createLimit } from '../map-concurrently.ts';
import { pathInSite } from '../url-forms.ts';
import { removeWrittenBesideSync } from '../write-file-atomically.ts';
import { fromIndex, indexHoldsAll, type PageData } from './fetch-head-data.ts';
import type { ResolvedOptions } from './options.ts';
import { cmsUrlFor } from './page-context.ts';
import { type BuiltPage, isExcluded, listBuiltPages, type RouteInfo, type SiteLayout } from './pages.ts';
import { type PageJob, pageJobOptions } from './plan-and-stage.ts';
import type { PlanContext } from './plan-page.ts';
import type { HeadIndex } from './read-index.ts';
import type { PageReadAhead } from './read-page-data.ts';
import { type EarlyPage, FILE_CONCURRENCY } from './stage-pages.ts';
import { stagingRunner } from './staging-thread.ts';
import { type StagedPage, stagedPage } from './write-page.ts';

export interface EarlyStager {
  /** Whether pages are staged while Astro renders (build.concurrency 1), or once it has ended. */
  whileRendering: boolean;
  /** Told each prerendered page's pathname as Astro starts rendering it. */
  rendering(pathname: string): void;
  /**
   * Once Astro has written every page: stages the pages rendered and not staged yet (the last one; all of
   * them at a higher build.concurrency), waits for the index (if it is the source) and the pages under way,
   * and resolves to those planned (and staged), by file.
   */
  settle(): Promise<ReadonlyMap<string, EarlyPage>>;
  /** Removes every staged file not renamed over its page (safe after the pass has committed); ends the thread. */
  discard(): Promise<void>;
}

/**
 * @example const early = earlyStager({ options, layout, routes, context, source: { index }, canReadTags, stageFiles: true, outDirs, warn });
 */
export function earlyStager(input: {
  options: ResolvedOptions;
  layout: SiteLayout;
  routes: RouteInfo[];
  context: PlanContext;
  /** Where the pages' data comes from: the index read early, or each page asked as it is rendered. */
  source: { index: Promise<HeadIndex | null> } | { readAhead: PageReadAhead };
  canReadTags: boolean;
  /**
   * Whether a page's file is complete once the next one renders (build.concurrency 1). Else pages are only
   * asked ahead while Astro renders, and (page by page) staged once it has ended.
   */
  stageFiles: boolean;
  /** Where prerendered pages may be written (a server build's client folder, the output folder). */
  outDirs: string[];
  /** Told once if the staging thread fails (the pages are then staged on this thread). */
  warn: (line: string) => void;
}): EarlyStager {
  const { options, layout } = input;
  const settings = pageJobOptions(options);
  let previous: BuiltPage | null = null;
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
  // Started now, so that it is ready for the first page. Page by page at a higher build.concurrency, a page's
  // file is not known to be complete until rendering has ended: the pages are staged then, on the thread,
  // so that Astro's thread stays free for the answers still coming in.
  const runner = input.stageFiles || 'readAhead' in source ? stagingRunner(input.warn) : null;
  // Pages rendered, to stage once rendering has ended (build.concurrency above 1).
  const rendered: BuiltPage[] = [];
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
    if (!runner || started.has(page.file)) return;
    const cmsUrl = cmsUrlOf(page);
    if (cmsUrl === null) return;
    const outDir = input.outDirs.find((dir) => existsSync(join(dir, page.file)));
    if (outDir === undefined) return;
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
    whileRendering: input.stageFiles,
    rendering(pathname) {
      if (previous && input.stageFiles) stage(previous);
      const inSite = pathInSite(pathname, layout.base);
      // The page as the pass will list it from astro:build:done: the same file and URL rules (the list may
      // also hold the i18n fallback pages rendered from it, which are not on disk yet).
      const own = `/${inSite.replace(/^\/+|\/+$/g, '')}`;
      previous = listBuiltPages([inSite], input.routes, layout).find((page) => page.pathname === own) ?? null;
      const cmsUrl = previous && 'readAhead' in source ? cmsUrlOf(previous) : null;
      if (cmsUrl !== null && 'readAhead' in source) void source.readAhead.read(cmsUrl);
      if (previous && !input.stageFiles) rendered.push(previous);
    },
    async settle() {
      // No page follows the last one to say it is on disk: rendering has ended, so it is, and so is every page.
      if (previous && input.stageFiles) stage(previous);
      for (const page of rendered.splice(0)) stage(page);
      await indexRead;
      const pages = new Map<string, EarlyPage>();
      for (const page of await Promise.all(under)) if (page) pages.set(page.page.file, page);
      return pages;
    },
    async discard() {
      process.removeListener('exit', onExit);
      await Promise.all(under);
      await Promise.all([...staged].map((page) => page.discard()));
      await runner?.close();
    },
  };
}
