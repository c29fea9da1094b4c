// One page from its API data to a staged file: planned (rendered, validated) and, unless the build would stop
// on it, rewritten beside itself. Plain data in and out, so the staging thread and this one run the same code.

import { join } from 'node:path';
import type { ResolvedOptions } from './options.ts';
import { isEmpty, type PageData } from './page-data.ts';
import type { BuiltPage } from './pages.ts';
import { type PagePlan, type PlanContext, planPage, stopsBuild } from './plan-page.ts';
import { isRedirectPage } from './redirect-page.ts';
import { readBuiltPage, type StagedFile, type StagingJob, stageRead, stagingJob } from './write-page.ts';

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
  const read = readBuiltPage(join(input.outDir, page.file));
  const plan = planBuiltPage(input, () => read.bytes);
  if (stopsBuild(plan, options)) return { plan, staged: null, job: null };
  const job = stagingJob(plan, input.outDir, options);
  return { plan, staged: stageRead(job, read), job };
}

const NO_DATA: PageData = { schemas: [], meta: null, social: null };

/**
 * Plans a built page. A page that redirects (`Astro.redirect`, a middleware's `context.redirect`, rendered by a
 * static build) keeps Astro's head, its canonical naming the page it leads to: the CMS's data for the old
 * address is that page's, not the redirect's, so it is neither written (tags an earlier run wrote still go)
 * nor validated. Only a page with data is looked at.
 */
export function planBuiltPage(
  input: Pick<PageJob, 'page' | 'cmsUrl' | 'data' | 'context'>,
  bytes: () => Uint8Array,
): PagePlan {
  const { page, cmsUrl, data, context } = input;
  if (!isEmpty(data) && isRedirectPage(bytes())) {
    return { ...planPage(page, cmsUrl, NO_DATA, context), redirect: true };
  }
  return planPage(page, cmsUrl, data, context);
}
