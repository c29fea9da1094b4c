// Plans and stages pages while the rest is still being fetched: each page's data is planned (rendered,
// validated) as it arrives and its new version written beside it, so that once the last answer is in, what
// is left is renaming files. Nothing in dist/ changes before `commit()`; `discard()` drops every staged file.
import { createLimit, mapConcurrently } from '../map-concurrently.ts';
import type { PageData } from './fetch-head-data.ts';
import type { ResolvedOptions } from './options.ts';
import type { BuiltPage } from './pages.ts';
import { type PagePlan, type PlanContext, planPage } from './plan-page.ts';
import { type StagedPage, stagePage } from './write-page.ts';

/** How many files are read and written at once. */
const FILE_CONCURRENCY = 16;

export interface PageStager {
  /** Plans the pages known by `cmsUrl` and, when `early`, stages them. */
  add(cmsUrl: string, data: PageData): void;
  /** Waits for the work started so far; rejects with the first failure. */
  settled(): Promise<void>;
  /** The plans made, in the order of the pages given. */
  plans(): PagePlan[];
  /** Stages what is not staged yet, then renames every staged page over its file. */
  commit(onPage: (plan: PagePlan, staged: StagedPage) => void): Promise<void>;
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
): PageStager {
  const { outDir, options } = settings;
  const pagesOf = new Map<string, BuiltPage[]>();
  for (const page of pages) {
    const url = cmsUrlOf.get(page) as string;
    pagesOf.set(url, [...(pagesOf.get(url) ?? []), page]);
  }
  const planned = new Map<BuiltPage, PagePlan>();
  const staged = new Map<BuiltPage, Promise<StagedPage>>();
  const files = createLimit(FILE_CONCURRENCY);
  const work: Array<Promise<unknown>> = [];
  // A page the build will stop on is not worth writing.
  const stops = (plan: PagePlan) =>
    options.validate === 'error' && plan.findings.some((finding) => finding.severity === 'error');
  const stage = (plan: PagePlan) => {
    const done = files(() =>
      stagePage(outDir, plan.page.file, plan.tags, options.onConflict, options.audit ? plan.page.url : null),
    );
    staged.set(plan.page, done);
    return done;
  };

  return {
    add(cmsUrl, data) {
      for (const page of pagesOf.get(cmsUrl) ?? []) {
        const plan = planPage(page, cmsUrl, data, context);
        planned.set(page, plan);
        if (settings.early && !stops(plan)) work.push(stage(plan));
      }
    },
    async settled() {
      const results = await Promise.allSettled(work);
      const failed = results.find((result) => result.status === 'rejected');
      if (failed) throw failed.reason;
    },
    plans: () => pages.flatMap((page) => planned.get(page) ?? []),
    async commit(onPage) {
      await mapConcurrently(this.plans(), FILE_CONCURRENCY, async (plan) => {
        const page = await (staged.get(plan.page) ?? stage(plan));
        await page.commit();
        onPage(plan, page);
      });
    },
    async discard() {
      const all = await Promise.allSettled(staged.values());
      await Promise.all(all.map((result) => (result.status === 'fulfilled' ? result.value.discard() : null)));
    },
  };
}
