// Plans and stages pages while the rest is still being fetched: each page's data is planned (rendered,
// validated) as it arrives and its new version written beside it, so that once the last answer is in, what
// is left is renaming files. Pages staged while Astro was still rendering (stage-early.ts) are taken over
// as they are. Nothing in dist/ changes before `commit()`; `discard()` drops every staged file.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { createLimit, mapConcurrently } from '../map-concurrently.ts';
import type { ResolvedOptions } from './options.ts';
import type { PageData } from './page-data.ts';
import type { BuiltPage } from './pages.ts';
import { type PageJob, pageJobOptions, planAndStage, planBuiltPage } from './plan-and-stage.ts';
import type { PagePlan, PlanContext } from './plan-page.ts';
import { type StagedPage, stagedPage, stagePage, stagingJob, type WriteResult } from './write-page.ts';

/** How many files are read and written at once. */
export const FILE_CONCURRENCY = 16;

/** A page planned, and staged unless the build would stop on it, before the pass began. */
export interface EarlyPage {
  page: BuiltPage;
  cmsUrl: string;
  /** The output directory it was staged in. */
  outDir: string;
  data: PageData;
  plan: PagePlan;
  /** Null when the build would stop on the page. */
  staged: StagedPage | null;
}

export interface PageStager {
  /** Plans the pages known by `cmsUrl` and, when `early`, stages them; pages planned already are left. */
  add(cmsUrl: string, data: PageData): void;
  /** Whether a page's plan was taken over from the early stager: its data needs no fetching. */
  isPlanned(page: BuiltPage): boolean;
  /** The early pages taken over. */
  adopted(): EarlyPage[];
  /** Waits for the work started so far; rejects with the first failure. */
  settled(): Promise<void>;
  /** The plans made, in the order of the pages given. */
  plans(): PagePlan[];
  /** Stages what is not staged yet, then renames every staged page over its file. */
  commit(onPage: (plan: PagePlan, written: WriteResult) => void): Promise<void>;
  /** Removes every staged file; the pages stay as Astro wrote them. */
  discard(): Promise<void>;
}

/**
 * @example const stager = pageStager(pages, cmsUrlOf, context, { outDir, options, early: true });
 */
export function pageStager(
  pages: BuiltPage[],
  cmsUrlOf: Map<BuiltPage, string>,
  context: PlanContext,
  settings: { outDir: string; options: ResolvedOptions; early: boolean },
  /** Pages staged while Astro rendered, by file: taken over where they agree with this page list. */
  earlyPages: ReadonlyMap<string, EarlyPage> = new Map(),
): PageStager {
  const { outDir, options } = settings;
  const pagesOf = Map.groupBy(pages, (page) => cmsUrlOf.get(page) as string);
  const planned = new Map<BuiltPage, PagePlan>();
  const sent = new Set<BuiltPage>();
  const jobOptions = pageJobOptions(options);
  const staged = new Map<BuiltPage, Promise<StagedPage>>();
  const adopted: EarlyPage[] = [];
  for (const page of pages) {
    const early = earlyPages.get(page.file);
    if (
      !early ||
      resolve(early.outDir) !== resolve(outDir) ||
      early.page.url !== page.url ||
      early.cmsUrl !== cmsUrlOf.get(page)
    )
      continue;
    planned.set(page, early.plan);
    if (early.staged) staged.set(page, Promise.resolve(early.staged));
    adopted.push(early);
  }
  const files = createLimit(FILE_CONCURRENCY);
  const work: Array<Promise<unknown>> = [];
  const stage = (plan: PagePlan) => {
    const done = files(() => stagePage(stagingJob(plan, outDir, options)));
    staged.set(plan.page, done);
    return done;
  };

  // The same code as on the staging thread (stage-early.ts), whose answers are plain data too.
  const planAndStageOne = async (job: PageJob) => {
    const result = await files(() => planAndStage(job));
    planned.set(job.page, result.plan);
    if (result.staged && result.job) {
      staged.set(job.page, Promise.resolve(stagedPage(result.job, result.staged, false)));
    }
  };

  return {
    add(cmsUrl, data) {
      for (const page of pagesOf.get(cmsUrl) ?? []) {
        if (planned.has(page) || sent.has(page)) continue;
        if (settings.early) {
          sent.add(page);
          work.push(planAndStageOne({ page, cmsUrl, data, context, options: jobOptions, outDir }));
        } else {
          planned.set(
            page,
            planBuiltPage({ page, cmsUrl, data, context }, () => readFileSync(resolve(outDir, page.file))),
          );
        }
      }
    },
    isPlanned: (page) => planned.has(page),
    adopted: () => adopted,
    async settled() {
      const results = await Promise.allSettled(work);
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    plans: () => pages.flatMap((page) => planned.get(page) ?? []),
    async commit(onPage) {
      await mapConcurrently(pages, FILE_CONCURRENCY, async (page) => {
        const plan = planned.get(page);
        if (!plan) return;
        const staging = await (staged.get(page) ?? stage(plan));
        onPage(plan, await staging.commit());
      });
    },
    async discard() {
      const all = await Promise.allSettled(staged.values());
      await Promise.all(all.map((result) => (result.status === 'fulfilled' ? result.value.discard() : null)));
    },
  };
}
