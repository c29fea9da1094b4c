// The whole `astro build` of synthetic sites (1,000 and 10,000 pages of 30-100 KB), with the reference server
// behind a delay line that adds 20 ms to every round trip: a plain build, the integration (strategy auto, the
// same again with its build cache warm, and per-page), and today's pattern of fetching the head data in every
// page's frontmatter, at Astro's default build.concurrency 1 and at 8; and a bare undici client making the
// per-page requests, for what the network and server allow. Figures and targets are printed, never asserted.
//
// Run: npm run bench -- astro-build   (or node bench/astro-build.bench.ts)
// Environment: BENCH_ASTRO_SIZES=1000,10000  BENCH_LATENCY_MS=20
//              BENCH_ASTRO_RUNS=n               runs per row (default 3 up to 1,000 pages, else 1); medians shown
//              BENCH_ASTRO_FRONTMATTER=all    also the frontmatter rows above 1,000 pages (minutes each)
//              BENCH_ASTRO_ROWS=plain,per-page  only these rows (names as in the table's first words)
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { optionsSchema } from '../src/integration/options.ts';
import { createServer } from '../src/server/index.ts';
import {
  addedMs,
  formatRow,
  formatRun,
  medianRow,
  PROBE_REQUESTS,
  type Row,
  type RowName,
  renderTimeOf,
  TABLE_HEADER,
  targetLines,
} from './astro-build/format.ts';
import { type LatencyProxy, startLatencyProxy } from './astro-build/latency-proxy.ts';
import { measureRequestFloor, measureUnloadedLatency } from './astro-build/request-floor.ts';
import { killRunningBuilds, runAstroBuild } from './astro-build/run-build.ts';
import {
  checkBuiltSite,
  configureSite,
  generateSite,
  pageUrls,
  REPORT_FILE,
  SITE,
  type Variant,
} from './astro-build/site.ts';
import { BENCH_USER, seedFor } from './seed.ts';

const sizes = (process.env.BENCH_ASTRO_SIZES ?? '1000,10000').split(',').map(Number);
const latencyMs = Number(process.env.BENCH_LATENCY_MS ?? 20);
const frontmatterUpTo = process.env.BENCH_ASTRO_FRONTMATTER === 'all' ? Infinity : 1000;
const concurrency = optionsSchema.parse({}).concurrency;
const onlyRows = process.env.BENCH_ASTRO_ROWS?.split(',').map((name) => name.trim());
if (!sizes.every((pages) => Number.isInteger(pages) && pages > 0) || !(latencyMs >= 0)) {
  throw new Error(
    `BENCH_ASTRO_SIZES must list page counts (e.g. 1000,10000) and BENCH_LATENCY_MS a number of milliseconds; got "${process.env.BENCH_ASTRO_SIZES}" and "${process.env.BENCH_LATENCY_MS}".`,
  );
}

const VARIANTS: Array<[RowName, Variant]> = [
  ['plain', { kind: 'plain' }],
  ['auto', { kind: 'integration', strategy: 'auto' }],
  // Right after 'auto' in every round, with its build cache kept: what an unchanged CMS costs a second build.
  ['auto cached', { kind: 'integration', strategy: 'auto', warmCache: true }],
  ['per-page', { kind: 'integration', strategy: 'per-page' }],
  ['frontmatter c1', { kind: 'frontmatter', concurrency: 1 }],
  ['frontmatter c8', { kind: 'frontmatter', concurrency: 8 }],
];

// Temporary sites and running builds go even when a build fails or the bench is interrupted.
const sites = new Set<string>();
function removeAll(): void {
  killRunningBuilds();
  for (const dir of sites) rmSync(dir, { recursive: true, force: true });
  sites.clear();
}
process.on('exit', removeAll);
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    removeAll();
    process.exit(130);
  });
}

const astroVersion = (createRequire(import.meta.url)('astro/package.json') as { version: string }).version;
const load = () =>
  loadavg()
    .map((value) => value.toFixed(2))
    .join(' ');
console.log(
  `Machine: ${cpus().length} x ${cpus()[0]?.model ?? 'unknown CPU'}, ${Math.round(totalmem() / 2 ** 30)} GiB; ` +
    `Node ${process.version}, Astro ${astroVersion}; load average ${load()} at start.`,
);
console.log(
  `API: the reference server behind a loopback delay line adding ${latencyMs} ms to each round trip; requests, answer bytes and the round trip it really added counted there.\n` +
    `Peak RSS: the sum of VmRSS over the build's process tree, polled from /proc every 50 ms.\n` +
    `CPU: the build's user and system time, all threads (from /proc): what it costs the machine, apart from its waits.\n` +
    `Render: Astro's own time for rendering the pages (its "generating static routes" line); the frontmatter fetches happen there.\n` +
    `Pass: the integration's own time for its build pass (its report's durationMs, which its summary line rounds).\n` +
    `Each row is the median of its runs (${sizes.map((pages) => `${runsFor(pages)} at ${pages} pages`).join(', ')}).\n`,
);

const rows: Row[] = [];
const floorMs = new Map<number, number>();
const unloadedMs = new Map<number, number>();
for (const [sizeIndex, pages] of sizes.entries()) {
  const root = mkdtempSync(join(tmpdir(), `asm-bench-site-${pages}-`));
  sites.add(root);
  generateSite(root, pages);
  const server = createServer({
    site: SITE,
    seed: seedFor(pageUrls(pages)),
    users: [{ ...BENCH_USER, capabilities: ['manage_options'] }],
  });
  let proxy: LatencyProxy | undefined;
  try {
    proxy = await startLatencyProxy(await server.listen(0), latencyMs);
    // One unrecorded build first, so that the first row does not pay for a cold disk cache alone.
    if (sizeIndex === 0) await measure(root, pages, 'plain', { kind: 'plain' }, proxy);
    const runs = runsFor(pages);
    const active = VARIANTS.filter(
      ([name, variant]) =>
        (variant.kind !== 'frontmatter' || pages <= frontmatterUpTo) &&
        (!onlyRows || onlyRows.includes(name)),
    );
    // Runs interleaved (every row once, then again), so that a burst of load on the shared machine does
    // not land on one row alone; each row reports its medians.
    const measured = new Map<RowName, Row[]>();
    const floors: number[] = [];
    unloadedMs.set(pages, await measureUnloadedLatency(proxy.url, pageUrls(pages), BENCH_USER));
    for (let run = 1; run <= runs; run++) {
      for (const [name, variant] of active) {
        const row = await measure(root, pages, name, variant, proxy);
        measured.set(name, [...(measured.get(name) ?? []), row]);
        console.log(`  ${pages} pages, run ${run} of ${runs}, ${name}: ${formatRun(row)}`);
      }
      const floor = await measureRequestFloor(proxy.url, pageUrls(pages), concurrency, BENCH_USER);
      floors.push(floor);
      console.log(
        `  ${pages} pages, run ${run} of ${runs}, bare undici client, per-page requests: ${(floor / 1000).toFixed(2)} s`,
      );
    }
    floorMs.set(pages, floors.sort((a, b) => a - b)[Math.floor(floors.length / 2)] as number);
    for (const [name, variant] of VARIANTS) {
      const runsOfRow = measured.get(name);
      rows.push(
        runsOfRow
          ? medianRow(runsOfRow)
          : { pages, name, skipped: variant.kind === 'frontmatter' ? skippedNote(pages, name) : 'not run' },
      );
    }
  } finally {
    await proxy?.close();
    await server.close();
    rmSync(root, { recursive: true, force: true });
    sites.delete(root);
  }
}

console.log(`\n${TABLE_HEADER}`);
for (const row of rows) console.log(formatRow(rows, row));
console.log(`\nTargets (printed, not asserted; load average ${load()} at the end):`);
for (const line of targetLines(rows, { latencyMs, concurrency, floorMs, unloadedMs }))
  console.log(`  ${line}`);

/** Runs per row: three up to 1,000 pages, where one run is seconds and noise is large; one above. */
function runsFor(pages: number): number {
  return process.env.BENCH_ASTRO_RUNS ? Number(process.env.BENCH_ASTRO_RUNS) : pages <= 1000 ? 3 : 1;
}

/** Builds the site once as `variant`, checks what it wrote, and returns the row. */
async function measure(
  root: string,
  pages: number,
  name: RowName,
  variant: Variant,
  proxy: LatencyProxy,
): Promise<Row> {
  configureSite(root, variant);
  proxy.reset();
  const run = await runAstroBuild(root, {
    SCHEMA_MANAGER_API: proxy.url,
    SCHEMA_MANAGER_USER: BENCH_USER.name,
    SCHEMA_MANAGER_PASSWORD: BENCH_USER.password,
  });
  if (run.exitCode !== 0) {
    const tail = run.log.trimEnd().split('\n').slice(-40).join('\n');
    throw new Error(`astro build of ${pages} pages (${name}) exited with ${run.exitCode}:\n${tail}`);
  }
  checkBuiltSite(root, pages, variant.kind !== 'plain');
  const row: Row = {
    pages,
    name,
    wallMs: run.wallMs,
    requests: proxy.requests(),
    responseBytes: proxy.responseBytes(),
    peakRss: run.peakRss,
    cpuMs: run.cpuMs,
  };
  const roundTripMs = proxy.roundTripMs();
  if (roundTripMs !== null) row.roundTripMs = roundTripMs;
  if (variant.kind === 'integration' && variant.strategy === 'per-page') {
    const span = proxy.spanMs(PROBE_REQUESTS);
    if (span !== null) row.pageRequestsMs = span;
  }
  const renderMs = renderTimeOf(run.log);
  if (renderMs !== undefined) row.renderMs = renderMs;
  if (variant.kind === 'integration') {
    const report = JSON.parse(readFileSync(join(root, REPORT_FILE), 'utf8')) as {
      durationMs: number;
      strategy: string;
    };
    row.passMs = report.durationMs;
    row.strategy = report.strategy;
  }
  return row;
}

/** Why a frontmatter row did not run, and roughly how long it would take, from the smaller site's figure. */
function skippedNote(pages: number, name: RowName): string {
  const smaller = rows.find((row) => row.name === name && row.wallMs !== undefined && row.pages < pages);
  const added = smaller && addedMs(rows, smaller);
  const estimate =
    smaller && added !== undefined
      ? `, about ${Math.ceil((added * (pages / smaller.pages)) / 60_000)} min`
      : '';
  return `opt-in with BENCH_ASTRO_FRONTMATTER=all${estimate}`;
}
