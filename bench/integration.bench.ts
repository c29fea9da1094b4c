// The build pass on a 10,000-page site: fetch from the reference server (whole index and page by page),
// plan, validate and rewrite every file. Pages are written as Astro would, without running Astro itself,
// so the figure is the integration's own cost.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { resolveOptions } from '../src/integration/options.ts';
import { probeApi } from '../src/integration/probe-api.ts';
import { processBuild } from '../src/integration/process-build.ts';
import { createServer } from '../src/server/index.ts';
import { seedFor, BENCH_USER as user } from './seed.ts';

const PAGES = Number(process.env.BENCH_PAGES ?? 10_000);
const SITE = 'https://www.example.com';
function writeSite(root: string, count: number): string[] {
  const body = '<p>Body text of a typical post, repeated to make a page of a realistic size.</p>\n'.repeat(
    300,
  );
  const pathnames: string[] = [];
  for (let i = 0; i < count; i++) {
    const dir = join(root, 'posts', String(i));
    mkdirSync(dir, { recursive: true });
    writeFileSync(
      join(dir, 'index.html'),
      `<!DOCTYPE html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width"><title>Post ${i}</title><link rel="stylesheet" href="/_astro/index.css"></head><body><main>${body}</main></body></html>`,
    );
    pathnames.push(`posts/${i}/`);
  }
  return pathnames;
}

const quiet = {
  info() {},
  warn() {},
  error() {},
  debug() {},
  options: {},
  label: 'bench',
  fork: () => quiet,
};

const server = createServer({
  site: SITE,
  seed: seedFor(Array.from({ length: PAGES }, (_, i) => `${SITE}/posts/${i}/`)),
  users: [{ ...user, capabilities: ['manage_options'] }],
});
const baseUrl = await server.listen(0);
const root = mkdtempSync(join(tmpdir(), 'asm-bench-'));
try {
  for (const strategy of ['index', 'per-page'] as const) {
    rmSync(join(root, 'dist'), { recursive: true, force: true });
    const pathnames = writeSite(join(root, 'dist'), PAGES);
    const memoryBefore = process.memoryUsage().rss;
    const started = performance.now();
    const options = resolveOptions(
      { strategy, progressIntervalSeconds: 3600 },
      { SCHEMA_MANAGER_API: baseUrl, SCHEMA_MANAGER_USER: user.name, SCHEMA_MANAGER_PASSWORD: user.password },
    );
    const result = await processBuild({
      options,
      probe: await probeApi(options, () => {}),
      layout: { site: SITE, base: '/', format: 'directory', trailingSlash: 'ignore', fallbackType: null },
      routes: [],
      pathnames,
      outDir: pathToFileURL(`${join(root, 'dist')}/`),
      root: pathToFileURL(`${root}/`),
      logger: quiet as never,
    });
    const seconds = (performance.now() - started) / 1000;
    console.log(
      `${strategy.padEnd(8)} ${result.pages} pages in ${seconds.toFixed(2)} s = ${Math.round(result.pages / seconds)} pages/s, ` +
        `${result.requests} requests, ${result.pagesChanged} rewritten, ${result.findings.length} findings, ` +
        `rss +${Math.round((process.memoryUsage().rss - memoryBefore) / 2 ** 20)} MiB`,
    );
  }
} finally {
  rmSync(root, { recursive: true, force: true });
  await server.close();
}
