// Measured rows -> the lines the benchmark prints: one per build, then the ratios against their targets.
// Pure: the targets are printed with "met" or "NOT MET" and never asserted anywhere.

export type RowName = 'plain' | 'auto' | 'auto cached' | 'per-page' | 'frontmatter c1' | 'frontmatter c8';

export interface Row {
  pages: number;
  name: RowName;
  /** Absent for a row that was not run; `skipped` says why. */
  wallMs?: number;
  skipped?: string;
  /** Counted at the latency proxy. */
  requests?: number;
  /** Answer bytes (headers and bodies), counted at the latency proxy. */
  responseBytes?: number;
  /** The round trip the delay line really added during the build (its timers fire a little late). */
  roundTripMs?: number;
  /**
   * Per-page rows: the pages' own requests (all but the probe's), from the first reaching the delay line to the
   * last answer leaving it. They start as Astro renders, so this, not the pass, is their time.
   */
  pageRequestsMs?: number;
  peakRss?: number | null;
  /** User and system CPU time of the build's process, all its threads. */
  cpuMs?: number | null;
  /** Astro's own time for rendering the pages ("generating static routes"), from its log. */
  renderMs?: number;
  /** The integration's own time for its pass (its report's `durationMs`, the figure its summary line rounds). */
  passMs?: number;
  strategy?: string;
}

export interface Setting {
  latencyMs: number;
  /** The integration's `concurrency` (requests in flight) in the per-page row. */
  concurrency: number;
  /** By page count: how long a bare undici client took for the per-page row's requests through the same proxy. */
  floorMs?: ReadonlyMap<number, number>;
  /** By page count: the median time one request took through the same proxy with nothing else in flight. */
  unloadedMs?: ReadonlyMap<number, number>;
}

const LABELS: Record<RowName, string> = {
  plain: 'plain site, no head data',
  auto: 'integration, strategy auto',
  'auto cached': 'auto again, build cache warm',
  'per-page': 'integration, strategy per-page',
  'frontmatter c1': 'frontmatter fetch, concurrency 1',
  'frontmatter c8': 'frontmatter fetch, concurrency 8',
};

const seconds = (ms: number) => `${(ms / 1000).toFixed(ms < 10_000 ? 2 : 1)} s`;
const count = (value: number) => value.toLocaleString('en-US');
const mib = (bytes: number | null | undefined) =>
  bytes === null || bytes === undefined ? 'n/a' : `${Math.round(bytes / 2 ** 20)} MiB`;

export const TABLE_HEADER = `${'pages'.padEnd(7)}${'build'.padEnd(34)}${'wall'.padStart(9)}${'added'.padStart(10)}${'render'.padStart(9)}${'cpu'.padStart(9)}${'requests'.padStart(10)}${'peak RSS'.padStart(10)}  pass (own time)`;

/** The wall time a row adds over the plain build of the same size, when both ran. */
export function addedMs(rows: readonly Row[], row: Row): number | undefined {
  const plain = rows.find((other) => other.pages === row.pages && other.name === 'plain');
  if (row.wallMs === undefined || plain?.wallMs === undefined) return undefined;
  return row.wallMs - plain.wallMs;
}

/** One table line for a row, its added time taken against the plain row of the same size. */
export function formatRow(rows: readonly Row[], row: Row): string {
  const head = `${count(row.pages).padEnd(7)}${LABELS[row.name].padEnd(34)}`;
  if (row.wallMs === undefined) return `${head}skipped: ${row.skipped ?? 'not run'}`;
  const added = row.name === 'plain' ? '-' : signed(addedMs(rows, row));
  const pass = row.passMs === undefined ? '' : `  ${seconds(row.passMs)} (${row.strategy})`;
  const render = row.renderMs === undefined ? '?' : seconds(row.renderMs);
  const cpu = typeof row.cpuMs === 'number' ? seconds(row.cpuMs) : 'n/a';
  return `${head}${seconds(row.wallMs).padStart(9)}${added.padStart(10)}${render.padStart(9)}${cpu.padStart(9)}${count(row.requests ?? 0).padStart(10)}${mib(row.peakRss).padStart(10)}${pass}`;
}

function signed(ms: number | undefined): string {
  if (ms === undefined) return '?';
  return `${ms < 0 ? '-' : '+'}${seconds(Math.abs(ms))}`;
}

/** Astro's "generating static routes … ✓ Completed in 1.80s." ("950ms", "1m 5s"), in milliseconds. */
export function renderTimeOf(log: string): number | undefined {
  const match = /generating static routes[\s\S]*?✓ Completed in (?:(\d+)m (\d+)s|([\d.]+)(ms|s))\./.exec(log);
  if (!match) return undefined;
  if (match[1] !== undefined) return (Number(match[1]) * 60 + Number(match[2])) * 1000;
  return Number(match[3]) * (match[4] === 's' ? 1000 : 1);
}

/** One run, for the progress lines printed while the bench works. */
export function formatRun(row: Row): string {
  const pass = row.passMs === undefined ? '' : `, pass ${seconds(row.passMs)}`;
  const render = row.renderMs === undefined ? '' : ` (rendering ${seconds(row.renderMs)})`;
  const bytes = row.responseBytes === undefined ? '' : `, ${count(row.responseBytes)} answer bytes`;
  const cpu = typeof row.cpuMs === 'number' ? `, ${seconds(row.cpuMs)} CPU` : '';
  return `${seconds(row.wallMs ?? 0)}${render}${cpu}, ${count(row.requests ?? 0)} requests${bytes}, ${mib(row.peakRss)}${pass}`;
}

/** A row of the medians of several runs of the same build. */
export function medianRow(runs: readonly Row[]): Row {
  const first = runs[0] as Row;
  const median = (pick: (row: Row) => number | null | undefined): number | undefined => {
    const values = runs.map(pick).filter((value): value is number => typeof value === 'number');
    if (values.length === 0) return undefined;
    values.sort((a, b) => a - b);
    const middle = Math.floor(values.length / 2);
    return values.length % 2
      ? values[middle]
      : ((values[middle - 1] as number) + (values[middle] as number)) / 2;
  };
  const row: Row = {
    pages: first.pages,
    name: first.name,
    wallMs: median((row) => row.wallMs),
    requests: median((row) => row.requests),
    responseBytes: median((row) => row.responseBytes),
    peakRss: median((row) => row.peakRss) ?? null,
    cpuMs: median((row) => row.cpuMs) ?? null,
  };
  const renderMs = median((row) => row.renderMs);
  if (renderMs !== undefined) row.renderMs = renderMs;
  const roundTripMs = median((row) => row.roundTripMs);
  if (roundTripMs !== undefined) row.roundTripMs = roundTripMs;
  const pageRequestsMs = median((row) => row.pageRequestsMs);
  if (pageRequestsMs !== undefined) row.pageRequestsMs = pageRequestsMs;
  const passMs = median((row) => row.passMs);
  if (passMs !== undefined) {
    row.passMs = passMs;
    row.strategy = first.strategy;
  }
  return row;
}

/** What the build asks before any page: the namespace index, then whether /schemas and /meta may be listed. */
export const PROBE_REQUESTS = 3;

const verdict = (met: boolean) => (met ? 'met' : 'NOT MET');

/** The ratios the issue asks for, each beside its target. */
export function targetLines(rows: readonly Row[], setting: Setting): string[] {
  const lines: string[] = [];
  const find = (pages: number, name: RowName) =>
    rows.find((row) => row.pages === pages && row.name === name && row.wallMs !== undefined);
  const sizes = [...new Set(rows.map((row) => row.pages))].sort((a, b) => a - b);

  for (const pages of sizes) {
    const auto = find(pages, 'auto');
    if (auto?.passMs === undefined) continue;
    const autoAdded = addedMs(rows, auto);
    for (const [name, target] of [
      ['frontmatter c1', 20],
      ['frontmatter c8', 5],
    ] as const) {
      const frontmatter = find(pages, name);
      const added = frontmatter && addedMs(rows, frontmatter);
      if (added === undefined) continue;
      if (added <= 0) {
        lines.push(
          `${count(pages)} pages: ${name} added ${signed(added)} over the plain build: lost in noise, no ratio`,
        );
        continue;
      }
      const byPass = added / auto.passMs;
      const byWall = autoAdded !== undefined && autoAdded > 0 ? `${(added / autoAdded).toFixed(1)}x` : 'n/a';
      const applies = pages === 1000 ? `target >= ${target}x: ${verdict(byPass >= target)}` : 'no target';
      lines.push(
        `${count(pages)} pages: ${name} adds ${seconds(added)}; the pass takes ${seconds(auto.passMs)}: ` +
          `${byPass.toFixed(1)}x below (${applies}); against the integration's added wall time ${signed(autoAdded)}: ${byWall}`,
      );
    }
  }

  for (const pages of sizes) {
    const perPage = find(pages, 'per-page');
    if (perPage?.passMs === undefined || perPage.requests === undefined) continue;
    // The latency is what the delay line really added during the build, when it measured it.
    const latencyMs = perPage.roundTripMs ?? setting.latencyMs;
    const latency =
      perPage.roundTripMs === undefined
        ? `${setting.latencyMs} ms`
        : `${latencyMs.toFixed(1)} ms (the delay line's measured round trip; ${setting.latencyMs} ms asked)`;
    const requests = perPage.requests - PROBE_REQUESTS;
    const boundMs = (requests * latencyMs) / setting.concurrency;
    const bound = `${count(requests)} requests x ${latency} / ${setting.concurrency} = ${seconds(boundMs)}`;
    if (perPage.pageRequestsMs !== undefined) {
      const ratio = perPage.pageRequestsMs / boundMs;
      lines.push(
        `${count(pages)} pages: per-page, the pages' requests took ${seconds(perPage.pageRequestsMs)} at the delay line (first request to last answer; ` +
          `asked as Astro rendered, so the pass after it waited ${seconds(perPage.passMs)}) against their bound ${bound}: ` +
          `${ratio.toFixed(2)}x (target <= 1.1x: ${verdict(ratio <= 1.1)})`,
      );
    }
    const added = addedMs(rows, perPage);
    if (added !== undefined)
      lines.push(
        `${count(pages)} pages: per-page, what the build added to the plain one: ${seconds(added)}, ${(added / boundMs).toFixed(2)}x that bound (no target)`,
      );
    const floorMs = setting.floorMs?.get(pages);
    if (floorMs !== undefined) {
      const against =
        perPage.pageRequestsMs === undefined
          ? ''
          : `; the per-page build's are ${(perPage.pageRequestsMs / floorMs).toFixed(2)}x that`;
      lines.push(
        `${count(pages)} pages: a bare undici client making the same requests the same way, and nothing else, takes ${seconds(floorMs)} ` +
          `(${(floorMs / boundMs).toFixed(2)}x the bound: the server's and the machine's share)${against}`,
      );
    }
    const unloadedMs = setting.unloadedMs?.get(pages);
    if (unloadedMs !== undefined && perPage.pageRequestsMs !== undefined) {
      const alone = (requests * unloadedMs) / setting.concurrency;
      const bare = floorMs === undefined ? '' : `, the bare client's ${(floorMs / alone).toFixed(2)}x`;
      lines.push(
        `${count(pages)} pages: one request alone takes ${unloadedMs.toFixed(1)} ms through the line (median, nothing else in flight: ` +
          `the line's round trip plus the server's and loopback's time, which the bound above leaves out); against ` +
          `${count(requests)} x ${unloadedMs.toFixed(1)} ms / ${setting.concurrency} = ${seconds(alone)} the pages' requests are ` +
          `${(perPage.pageRequestsMs / alone).toFixed(2)}x${bare} (no target)`,
      );
    }
  }

  for (const pages of sizes) {
    const [first, second] = [find(pages, 'auto'), find(pages, 'auto cached')];
    if (first?.passMs === undefined || second?.passMs === undefined) continue;
    if (first.responseBytes && second.responseBytes !== undefined) {
      const share = second.responseBytes / first.responseBytes;
      lines.push(
        `${count(pages)} pages: the second build moved ${count(second.responseBytes)} answer bytes against ${count(first.responseBytes)}: ` +
          `${(share * 100).toFixed(1)}% (target <= 10%: ${verdict(share <= 0.1)})`,
      );
    }
    const ratio = second.passMs / first.passMs;
    lines.push(
      `${count(pages)} pages: the second build's pass ${seconds(second.passMs)} against the first's ${seconds(first.passMs)}: ` +
        `${ratio.toFixed(2)}x (target <= 0.5x: ${verdict(ratio <= 0.5)}; both read the index while Astro renders, so neither pass waits on the API)`,
    );
  }

  // CPU time added over the plain build: what a row costs the machine, apart from its waits.
  for (const pages of sizes) {
    const plainCpu = find(pages, 'plain')?.cpuMs;
    if (typeof plainCpu !== 'number') continue;
    const added = (['auto', 'auto cached', 'per-page', 'frontmatter c1', 'frontmatter c8'] as const).flatMap(
      (name) => {
        const cpuMs = find(pages, name)?.cpuMs;
        return typeof cpuMs === 'number' ? [`${name} ${signed(cpuMs - plainCpu)}`] : [];
      },
    );
    if (added.length > 0)
      lines.push(
        `${count(pages)} pages: CPU time added over the plain build's ${seconds(plainCpu)}: ${added.join(', ')} (no target)`,
      );
  }

  const [small, large] = [sizes[0], sizes[sizes.length - 1]];
  if (small !== undefined && large !== undefined && large > small) {
    for (const name of ['plain', 'auto', 'per-page'] as const) {
      const [low, high] = [find(small, name)?.peakRss, find(large, name)?.peakRss];
      if (!low || !high) continue;
      const ratio = high / low;
      const applies =
        name === 'plain' ? 'Astro alone, for reference' : `target <= 1.5x: ${verdict(ratio <= 1.5)}`;
      lines.push(
        `peak RSS, ${LABELS[name]}: ${mib(high)} at ${count(large)} pages against ${mib(low)} at ${count(small)}: ${ratio.toFixed(2)}x (${applies})`,
      );
    }
  }
  return lines;
}
