// The staging thread plans and stages a real page from disk; a job that fails answers its own error and leaves
// the thread working (only a thread that dies counts as broken, which sends the pages back to Astro's thread).
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { type PageJob, planAndStage } from '../../src/integration/plan-and-stage.ts';
import {
  type StagingThread,
  stagingRunner,
  startStagingThread,
} from '../../src/integration/staging-thread.ts';
import { stagedPage } from '../../src/integration/write-page.ts';

let dir: string;
let thread: StagingThread;

beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), 'asm-staging-thread-'));
  thread = startStagingThread();
});
afterAll(async () => {
  await thread.close();
  rmSync(dir, { recursive: true, force: true });
});

const job = (file: string): PageJob => ({
  page: { file, url: `https://www.example.com/${file.replace('index.html', '')}`, pathname: '/' },
  cmsUrl: 'https://www.example.com/',
  data: {
    schemas: [],
    meta: {
      url: 'https://www.example.com/',
      title: 'From the API',
      description: null,
      robots: null,
      canonical: null,
      keywords: null,
    },
    social: null,
  },
  context: {
    cmsOrigin: 'https://cms.example.com',
    siteOrigin: 'https://www.example.com',
    rewriteUrls: true,
    keepPathPrefixes: [],
    graph: false,
    socialFallback: true,
    trailingSlash: 'ignore',
    validation: { rules: ['schema.org', 'google'], severity: {} },
  },
  options: {
    validate: 'error',
    onConflict: 'api',
    jsonLdConflict: 'keep-both',
    audit: true,
    validatePageJsonLd: true,
    rules: ['schema.org', 'google'],
    severity: {},
  },
  outDir: dir,
});

test('a page is planned and staged on the thread, and commits on this one', async () => {
  writeFileSync(join(dir, 'index.html'), '<html><head><title>Own</title></head><body><p>x</p></body></html>');
  const result = await thread.run(job('index.html'));
  expect(result.plan.tags.some((tag) => tag.key === 'title')).toBe(true);
  expect(result.staged?.facts?.title).toBe('From the API');
  await stagedPage(result.job!, result.staged!, true).commit();
  expect(readHeadTags(readFileSync(join(dir, 'index.html'), 'utf8')).values.title).toEqual(['From the API']);
});

test('a job that fails answers its error; the thread is not broken', async () => {
  await expect(thread.run(job('missing/index.html'))).rejects.toThrow(/ENOENT/);
  expect(thread.broken()).toBeNull();
  writeFileSync(join(dir, 'again.html'), '<html><head></head><body></body></html>');
  expect((await thread.run(job('again.html'))).staged?.changed).toBe(true);
});

test('the runner: a failed job fails with its own error; once the thread is gone, pages are staged here, said once', async () => {
  const warnings: string[] = [];
  const runner = stagingRunner((line) => warnings.push(line));
  await expect(runner.run(job('missing/index.html'))).rejects.toThrow(/ENOENT/);
  expect(warnings).toEqual([]);
  await runner.close();
  for (const name of ['here-1.html', 'here-2.html']) {
    writeFileSync(join(dir, name), '<html><head></head><body></body></html>');
    expect((await runner.run(job(name))).staged?.changed).toBe(true);
  }
  expect(warnings).toHaveLength(1);
  expect(warnings[0]).toMatch(/staging thread failed .*staged on Astro's thread instead/);
});

test('the thread and the pass stage a page the same: same plan, same facts, same bytes once committed', async () => {
  const page =
    '<html><head><title>Own</title><meta name="description" content="Own"></head><body><p>x</p></body></html>';
  mkdirSync(join(dir, 'thread'), { recursive: true });
  mkdirSync(join(dir, 'pass'), { recursive: true });
  writeFileSync(join(dir, 'thread/index.html'), page);
  writeFileSync(join(dir, 'pass/index.html'), page);
  const onThread = await thread.run(job('thread/index.html'));
  const inPass = await planAndStage(job('pass/index.html'));
  const { page: _a, ...threadPlan } = onThread.plan;
  const { page: _b, ...passPlan } = inPass.plan;
  expect(threadPlan).toEqual(passPlan);
  expect(onThread.staged?.facts).toEqual({
    ...inPass.staged?.facts,
    file: 'thread/index.html',
    url: 'https://www.example.com/thread/',
  });
  await stagedPage(onThread.job!, onThread.staged!, true).commit();
  await stagedPage(inPass.job!, inPass.staged!, false).commit();
  const stagedThere = readFileSync(join(dir, 'thread/index.html'));
  expect(stagedThere.equals(readFileSync(join(dir, 'pass/index.html')))).toBe(true);
  expect(readHeadTags(stagedThere.toString('utf8')).values.title).toEqual(['From the API']);
});
