// One page from its API data to a staged file: planned (rendered, validated) and, unless the build would stop
// on it, rewritten beside itself. Plain data in and out, so the staging thread and this one run the same code.

import type { ResolvedOptions } from './options.ts';
import type { PageData } from './page-data.ts';
import type { BuiltPage } from './pages.ts';
import { type PagePlan, type PlanContext, planPage, stopsBuild } from './plan-page.ts';
import { type StagedFile, type StagingJob, stageFile, stagingJob } from './write-page.ts';

export interface PageJob {
  page: BuiltPage;
  cmsUrl: string;
  data: PageData;
  context: PlanContext;
  options: PageJobOptions;
  outDir: string;
}

export type PageJobOptions = Pick<
  ResolvedOptions,
  'validate' | 'onConflict' | 'jsonLdConflict' | 'audit' | 'validatePageJsonLd' | 'rules' | 'severity'
>;

/** What a page job needs of the options, and no more: jobs cross to the staging thread as plain data. */
export function pageJobOptions(options: ResolvedOptions): PageJobOptions {
  const { validate, onConflict, jsonLdConflict, audit, validatePageJsonLd, rules, severity } = options;
  return { validate, onConflict, jsonLdConflict, audit, validatePageJsonLd, rules, severity };
}

export interface PageJobResult {
  plan: PagePlan;
  /** Null when the build will stop on the page: not worth writing. */
  staged: StagedFile | null;
  /** What was staged, to stage it again (see `stagedPage`). */
  job: StagingJob | null;
}

/**
 * @example const { plan, staged } = await planAndStage({ page, cmsUrl, data, context, options, outDir });
 */
export async function planAndStage(input: PageJob): Promise<PageJobResult> {
  const { page, options } = input;
  const plan = planPage(page, input.cmsUrl, input.data, input.context);
  if (stopsBuild(plan, options)) return { plan, staged: null, job: null };
  const job = stagingJob(plan, input.outDir, options);
  return { plan, staged: await stageFile(job), job };
}
