// The benchmark's synthetic site is what the benchmark says it is: N pages of 30-100 KB, the same on every
// run, and configured per row as named. No timings are asserted here.
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { BODY_BYTES, bodyTarget, pageBodyHtml, pageTitle } from '../../bench/astro-build/corpus.ts';
import { checkBuiltSite, configureSite, generateSite, pageUrls } from '../../bench/astro-build/site.ts';
import { astroBin, fixtureEnv } from '../integration/support/build-fixture.ts';

const roots: string[] = [];
afterAll(() => {
  for (const root of roots) rmSync(root, { recursive: true, force: true });
});

function newSite(pages: number): string {
  const root = mkdtempSync(join(tmpdir(), 'asm-synthetic-'));
  roots.push(root);
  generateSite(root, pages);
  return root;
}

describe('the corpus', () => {
  it('gives every page a body within its byte range, the same on every call', () => {
    for (let index = 0; index < 300; index++) {
      const body = pageBodyHtml(index);
      expect(Buffer.byteLength(body)).toBeGreaterThanOrEqual(bodyTarget(index));
      expect(Buffer.byteLength(body)).toBeLessThan(BODY_BYTES.max + 1_500);
      expect(pageBodyHtml(index)).toBe(body);
    }
    expect(pageBodyHtml(1)).not.toBe(pageBodyHtml(2));
    expect(pageTitle(7)).toMatch(/\(post 7\)$/);
  });

  it('spreads the sizes over the range rather than bunching them', () => {
    const targets = Array.from({ length: 1000 }, (_, index) => bodyTarget(index));
    expect(Math.min(...targets)).toBeLessThan(BODY_BYTES.min + 2_000);
    expect(Math.max(...targets)).toBeGreaterThan(BODY_BYTES.max - 2_000);
  });
});

describe('the site per row', () => {
  it('adds the integration only to integration rows, and Astro build.concurrency as asked', () => {
    const root = newSite(5);
    expect(readFileSync(join(root, 'src/pages/posts/[n].astro'), 'utf8')).toContain('length: 5 }');
    expect(pageUrls(2)).toEqual(['https://www.example.com/posts/0/', 'https://www.example.com/posts/1/']);

    configureSite(root, { kind: 'integration', strategy: 'per-page' });
    expect(readFileSync(join(root, 'astro.config.mjs'), 'utf8')).toMatch(
      /schemaManager\(\{ strategy: "per-page"/,
    );
    expect(readFileSync(join(root, 'src/components/SiteHead.astro'), 'utf8')).not.toContain('fetch(');

    configureSite(root, { kind: 'frontmatter', concurrency: 8 });
    const config = readFileSync(join(root, 'astro.config.mjs'), 'utf8');
    expect(config).not.toContain('schemaManager');
    expect(config).toContain('concurrency: 8');
    const head = readFileSync(join(root, 'src/components/SiteHead.astro'), 'utf8');
    for (const route of ['/schemas-by-url', '/meta', '/social']) expect(head).toContain(`cms('${route}')`);
  });

  it('builds with real Astro into N pages of 30-100 KB', async () => {
    const root = newSite(12);
    configureSite(root, { kind: 'plain' });
    await promisify(execFile)(process.execPath, [astroBin, 'build', '--root', root], {
      cwd: root,
      env: fixtureEnv({ fixture: 'site-basic' }),
    });
    const built = checkBuiltSite(root, 12, false);
    expect(built.pages).toBe(12);
    expect(built.minBytes).toBeGreaterThanOrEqual(30_000);
    expect(built.maxBytes).toBeLessThanOrEqual(100_000);
  }, 120_000);
});
