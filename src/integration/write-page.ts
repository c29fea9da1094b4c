// Tags -> rewritten files. A page's new version is written beside it first (staged) and renamed over it
// when the whole build may go ahead, so a build that stops changes no page and none is ever half-written.
import { readFileSync, rmSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { type PageFacts, readPageFacts } from '../audit/index.ts';
import {
  type ConflictPolicy,
  type HeadTag,
  type JsonLdConflictPolicy,
  rewriteHeadBytes,
} from '../head/index.ts';
import type { ValidateOptions } from '../validate/index.ts';
import { replaceWith, writeBeside } from '../write-file-atomically.ts';
import type { ResolvedOptions } from './options.ts';
import type { PagePlan } from './plan-page.ts';

export interface WriteResult {
  changed: boolean;
  written: number;
  replaced: number;
  /** The page's own JSON-LD scripts replaced by the CMS's (`jsonLdConflict: 'api'`). */
  jsonLdReplaced: number;
  skipped: string[];
  /** What the site audit reads of the page as it will ship (read here, so no page is read twice); null when not asked. */
  facts: PageFacts | null;
}

/** A page rewritten beside itself: `commit` puts it in place, `discard` drops it. */
export interface StagedPage extends WriteResult {
  /**
   * Renames the staged file over the page; resolves to what was committed. With `verify`, a page whose file
   * changed since it was read (Astro was still writing it, or another integration rewrote it) is staged again
   * from what is there now.
   */
  commit(): Promise<WriteResult>;
  discard(): Promise<void>;
  /** The staged file beside the page; null when the page needs no change. */
  temporary: string | null;
}

/** One page's staging, as plain data: it is what the staging worker sends back. */
export interface StagingJob {
  outDir: string;
  file: string;
  tags: HeadTag[];
  onConflict: ConflictPolicy;
  jsonLdConflict: JsonLdConflictPolicy;
  /** The page's public URL, when the audit will want its facts. */
  auditUrl: string | null;
  /** How the facts validate the page's own JSON-LD; null: not at all. */
  validation: ValidateOptions | null;
}

/**
 * How the audit validates the pages' own JSON-LD (the rules and severities the CMS's schemas get); null when it
 * does not: no audit, no validation, or `validatePageJsonLd: false`.
 */
export function pageJsonLdValidation(
  options: Pick<ResolvedOptions, 'audit' | 'validate' | 'validatePageJsonLd' | 'rules' | 'severity'>,
): ValidateOptions | null {
  if (!options.audit || options.validate === 'off' || !options.validatePageJsonLd) return null;
  return { rules: options.rules, severity: options.severity };
}

/** The staging of a planned page: its tags into its file, with its URL when the audit will want its facts. */
export function stagingJob(
  plan: PagePlan,
  outDir: string,
  options: Pick<
    ResolvedOptions,
    'onConflict' | 'jsonLdConflict' | 'audit' | 'validate' | 'validatePageJsonLd' | 'rules' | 'severity'
  >,
): StagingJob {
  const { page } = plan;
  const auditUrl = options.audit ? page.url : null;
  const { onConflict, jsonLdConflict } = options;
  const validation = pageJsonLdValidation(options);
  return { outDir, file: page.file, tags: plan.tags, onConflict, jsonLdConflict, auditUrl, validation };
}

/** What staging wrote, as plain data. */
export interface StagedFile extends WriteResult {
  /** The staged file beside the page; null when the page needs no change. */
  temporary: string | null;
  /** The page's size and modification time (ns) just before it was read: what `commit` compares with. */
  readStamp: string;
}

/**
 * Reads a built page, rewrites its head and writes the result beside it; the page itself is not touched.
 *
 * @example const staged = await stageFile({ outDir: '/site/dist', file: 'index.html', tags, onConflict: 'api', jsonLdConflict: 'keep-both', auditUrl: null });
 */
export async function stageFile(job: StagingJob): Promise<StagedFile> {
  return stageRead(job, readBuiltPage(join(job.outDir, job.file)));
}

/** A built page as read for staging. */
export interface ReadPage {
  bytes: Uint8Array;
  /** The page's size and modification time (ns) just before it was read. */
  readStamp: string;
}

/** Reads a built page, stamped first: a change after the stamp, even one the read saw, shows at commit. */
export function readBuiltPage(path: string): ReadPage {
  const readStamp = stampOf(path);
  // Synchronous, as the write: see write-file-atomically.ts. This runs on the staging thread, or in the pass.
  return { bytes: readFileSync(path), readStamp };
}

/** Stages a page already read (see stageFile). */
export function stageRead(job: StagingJob, { bytes, readStamp }: ReadPage): StagedFile {
  const path = join(job.outDir, job.file);
  const result = rewriteHeadBytes(bytes, job.tags, {
    onConflict: job.onConflict,
    jsonLdConflict: job.jsonLdConflict,
  });
  const temporary = result.changed ? writeBeside(path, result.bytes) : null;
  // The audit reads the head and the JSON-LD: the decoded start of the page holds both, unless JSON-LD
  // may follow the head.
  const readable = () => (result.jsonLdAfterHead ? Buffer.from(result.bytes).toString('utf8') : result.head);
  return {
    changed: result.changed,
    written: result.written,
    replaced: result.replaced,
    jsonLdReplaced: result.jsonLdReplaced,
    skipped: result.skipped,
    facts: job.auditUrl === null ? null : readPageFacts(readable(), job.auditUrl, job.file, job.validation),
    temporary,
    readStamp,
  };
}

/** A page's size and modification time in nanoseconds: another writer changes one of them. */
function stampOf(path: string): string {
  const { size, mtimeNs } = statSync(path, { bigint: true });
  return `${size}:${mtimeNs}`;
}

/**
 * A staged file with its commit and discard. With `verify` (a page staged while Astro rendered), the commit
 * first checks the page is as it was read (size and modification time): a read that came while Astro was still
 * writing it, or a page another integration rewrote since in its own `astro:build:done` (a minifier listed
 * before this one), is staged again from what is there now, so that no one's change is lost.
 */
export function stagedPage(job: StagingJob, staged: StagedFile, verify: boolean): StagedPage {
  const path = join(job.outDir, job.file);
  const { temporary, readStamp, ...written } = staged;
  const discard = async () => {
    if (temporary) rmSync(temporary, { force: true });
  };
  return {
    ...written,
    commit: async () => {
      if (verify && stampOf(path) !== readStamp) {
        await discard();
        return stagedPage(job, await stageFile(job), true).commit();
      }
      if (temporary) replaceWith(temporary, path);
      return written;
    },
    discard,
    temporary,
  };
}

/**
 * Rewrites one built page's head into a file beside it; the page itself is unchanged until `commit()`.
 *
 * @example const staged = await stagePage({ outDir: '/site/dist', file: 'blog/index.html', tags, onConflict: 'api', jsonLdConflict: 'keep-both', auditUrl: null }); await staged.commit();
 */
export async function stagePage(job: StagingJob, verify = false): Promise<StagedPage> {
  return stagedPage(job, await stageFile(job), verify);
}
