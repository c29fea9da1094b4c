// Validator throughput on real JSON-LD this project did not write: Schema.org's published examples, read
// from ../shared/external-corpus at bench time (never copied into the project), with Google's rules on, and
// the same documents through @adobe/structured-data-validator. Skipped when the corpus is not there.
// Run: node bench/validate-corpus.bench.ts  (SCHEMA_ORG_CORPUS=<folder of .json files> to point elsewhere)
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { validateJsonLd } from '../src/validate/index.ts';
import { createAdobeValidator } from './validate-adobe.ts';

const folder =
  process.env.SCHEMA_ORG_CORPUS ??
  join(import.meta.dirname, '../../shared/external-corpus/schemaorg-examples');
if (!existsSync(folder)) {
  console.log(`validate-corpus: skipped, no corpus at ${folder} (set SCHEMA_ORG_CORPUS)`);
  process.exit(0);
}
const texts = readdirSync(folder)
  .filter((name) => name.endsWith('.json'))
  .map((name) => readFileSync(join(folder, name), 'utf8'));
const fmt = (n: number) => Math.round(n).toLocaleString('en-US');
const options = { rules: ['schema.org', 'google'] as Array<'schema.org' | 'google'> };

/**
 * Documents per second of wall time and per second of CPU time (this process, all threads). On a shared
 * machine other processes stretch the wall time; the CPU time is this process's own work.
 */
async function measure(
  count: number,
  body: () => Promise<void> | void,
): Promise<{ wall: number; cpu: number }> {
  const cpuStart = process.cpuUsage();
  const wallStart = performance.now();
  await body();
  const wall = (performance.now() - wallStart) / 1000;
  const cpu = process.cpuUsage(cpuStart);
  return { wall: count / wall, cpu: count / ((cpu.user + cpu.system) / 1e6) };
}

// Ours, warm: a few passes to settle the JIT, then the measured passes.
for (let i = 0; i < 20; i++) for (const text of texts) validateJsonLd(text, options);
const rounds = 100;
const ours = await measure(texts.length * rounds, () => {
  for (let i = 0; i < rounds; i++) for (const text of texts) validateJsonLd(text, options);
});

const { adobeValidate, adobeCrashes } = await createAdobeValidator();
for (let i = 0; i < 3; i++) for (const text of texts) await adobeValidate(text);
const adobeRounds = 10;
const adobe = await measure(texts.length * adobeRounds, async () => {
  for (let i = 0; i < adobeRounds; i++) for (const text of texts) await adobeValidate(text);
});

const rate = (figures: { wall: number; cpu: number }) =>
  `${fmt(figures.wall)} docs/s (${fmt(figures.cpu)} per CPU second)`;
const ratio = { wall: ours.wall / adobe.wall, cpu: ours.cpu / adobe.cpu };
console.log(`validate-corpus: ${texts.length} Schema.org examples from ${folder}, Google rules on`);
console.log(`validate-corpus: astro-schema-manager warm ${rate(ours)}`);
console.log(
  `validate-corpus: @adobe/structured-data-validator warm ${rate(adobe)} (threw on ${adobeCrashes() / (adobeRounds + 3)} documents)`,
);
const met = (ok: boolean) => (ok ? 'met' : 'MISSED');
console.log(
  `validate-corpus: ratio ${ratio.wall.toFixed(1)}x (${ratio.cpu.toFixed(1)}x per CPU second); ` +
    `targets >= 50,000 docs/s ${met(ours.wall >= 50_000)} (${met(ours.cpu >= 50_000)} per CPU second), ` +
    `>= 5x adobe ${met(ratio.wall >= 5)} (${met(ratio.cpu >= 5)} per CPU second)`,
);
