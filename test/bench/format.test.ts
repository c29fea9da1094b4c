// The benchmark's arithmetic: added time, medians and the ratios printed beside their targets, on made-up
// rows (no build is timed here).
import { describe, expect, it } from 'vitest';
import { formatRow, medianRow, type Row, renderTimeOf, targetLines } from '../../bench/astro-build/format.ts';

const rows: Row[] = [
  { pages: 1000, name: 'plain', wallMs: 5_000, requests: 0, peakRss: 500 * 2 ** 20, cpuMs: 7_000 },
  {
    pages: 1000,
    name: 'auto',
    wallMs: 6_000,
    requests: 33,
    peakRss: 520 * 2 ** 20,
    passMs: 1_000,
    cpuMs: 8_500,
  },
  {
    pages: 1000,
    name: 'per-page',
    wallMs: 14_000,
    requests: 3_003,
    peakRss: 530 * 2 ** 20,
    passMs: 5_000,
    pageRequestsMs: 8_000,
  },
  { pages: 1000, name: 'frontmatter c1', wallMs: 30_000, requests: 3_000 },
  { pages: 1000, name: 'frontmatter c8', wallMs: 9_000, requests: 3_000 },
  { pages: 10_000, name: 'plain', wallMs: 30_000, requests: 0, peakRss: 600 * 2 ** 20 },
  { pages: 10_000, name: 'auto', wallMs: 40_000, requests: 303, peakRss: 900 * 2 ** 20, passMs: 9_000 },
  { pages: 10_000, name: 'frontmatter c1', skipped: 'opt-in' },
];

describe('targetLines', () => {
  const lines = targetLines(rows, { latencyMs: 20, concurrency: 8 }).join('\n');

  it('divides what the frontmatter pattern adds by the pass and says whether the target is met', () => {
    expect(lines).toContain(
      '1,000 pages: frontmatter c1 adds 25.0 s; the pass takes 1.00 s: 25.0x below (target >= 20x: met)',
    );
    expect(lines).toContain(
      'frontmatter c8 adds 4.00 s; the pass takes 1.00 s: 4.0x below (target >= 5x: NOT MET)',
    );
    expect(lines).toContain("against the integration's added wall time +1.00 s: 25.0x");
  });

  it('says the CPU time each row adds over the plain build', () => {
    expect(lines).toContain(
      "1,000 pages: CPU time added over the plain build's 7.00 s: auto +1.50 s (no target)",
    );
  });

  it("puts the per-page build's page requests, without the probe's, against requests x latency / concurrency", () => {
    expect(lines).toContain(
      "the pages' requests took 8.00 s at the delay line (first request to last answer; asked as Astro rendered, so the pass after it waited 5.00 s)",
    );
    expect(lines).toContain('3,000 requests x 20 ms / 8 = 7.50 s: 1.07x (target <= 1.1x: met)');
    expect(lines).toContain(
      '1,000 pages: per-page, what the build added to the plain one: 9.00 s, 1.20x that bound (no target)',
    );
  });

  it('takes the round trip the delay line measured as the latency when there is one', () => {
    const measured = rows.map((row) => (row.name === 'per-page' ? { ...row, roundTripMs: 21.3 } : row));
    expect(targetLines(measured, { latencyMs: 20, concurrency: 8 }).join('\n')).toContain(
      "3,000 requests x 21.3 ms (the delay line's measured round trip; 20 ms asked) / 8 = 7.99 s: 1.00x (target <= 1.1x: met)",
    );
  });

  it("puts the per-page build's requests against a bare client making the same requests", () => {
    const measured = targetLines(rows, { latencyMs: 20, concurrency: 8, floorMs: new Map([[1000, 8_500]]) });
    expect(measured.join('\n')).toContain(
      'a bare undici client making the same requests the same way, and nothing else, takes 8.50 s (1.13x the bound',
    );
    expect(measured.join('\n')).toContain("the per-page build's are 0.94x that");
  });

  it("also puts them against the time one request takes alone, the server's time in it", () => {
    const measured = targetLines(rows, {
      latencyMs: 20,
      concurrency: 8,
      floorMs: new Map([[1000, 8_500]]),
      unloadedMs: new Map([[1000, 22]]),
    }).join('\n');
    expect(measured).toContain('one request alone takes 22.0 ms through the line');
    expect(measured).toContain(
      "3,000 x 22.0 ms / 8 = 8.25 s the pages' requests are 0.97x, the bare client's 1.03x (no target)",
    );
  });

  it('compares a second build with a warm cache with the first, in bytes and pass time', () => {
    const withCache: Row[] = [
      ...rows.map((row) => (row.name === 'auto' ? { ...row, responseBytes: 250_000 } : row)),
      { pages: 1000, name: 'auto cached', wallMs: 5_800, requests: 33, responseBytes: 2_000, passMs: 400 },
    ];
    const text = targetLines(withCache, { latencyMs: 20, concurrency: 8 }).join('\n');
    expect(text).toContain('moved 2,000 answer bytes against 250,000: 0.8% (target <= 10%: met)');
    expect(text).toContain(
      "the second build's pass 0.40 s against the first's 1.00 s: 0.40x (target <= 0.5x: met",
    );
  });

  it('compares peak memory at the largest size with the smallest', () => {
    expect(lines).toContain(
      '900 MiB at 10,000 pages against 520 MiB at 1,000: 1.73x (target <= 1.5x: NOT MET)',
    );
    expect(lines).toContain(
      '600 MiB at 10,000 pages against 500 MiB at 1,000: 1.20x (Astro alone, for reference)',
    );
  });

  it('gives no ratio when a row added nothing measurable', () => {
    const noisy = rows.map((row) => (row.name === 'frontmatter c8' ? { ...row, wallMs: 4_900 } : row));
    expect(targetLines(noisy, { latencyMs: 20, concurrency: 8 }).join('\n')).toContain(
      'frontmatter c8 added -0.10 s over the plain build: lost in noise, no ratio',
    );
  });
});

describe('rows', () => {
  it('shows a skipped row with its reason', () => {
    expect(formatRow(rows, rows[7] as Row)).toMatch(/frontmatter fetch, concurrency 1 +skipped: opt-in$/);
  });

  it('takes the median of each figure over runs', () => {
    const runs: Row[] = [3, 1, 2].map((n) => ({
      pages: 10,
      name: 'auto',
      wallMs: n * 1000,
      passMs: n,
      requests: 6,
      strategy: 'index',
    }));
    expect(medianRow(runs)).toMatchObject({ wallMs: 2000, passMs: 2, requests: 6, strategy: 'index' });
  });

  it("reads Astro's rendering time in seconds or milliseconds", () => {
    expect(renderTimeOf(' generating static routes \n├─ /a/ (+3ms)\n✓ Completed in 1.80s.\n')).toBe(1800);
    expect(renderTimeOf(' generating static routes \n✓ Completed in 950ms.\n')).toBe(950);
    expect(renderTimeOf(' generating static routes \n✓ Completed in 1m 5s.\n')).toBe(65_000);
    expect(renderTimeOf('no such line')).toBeUndefined();
  });
});
