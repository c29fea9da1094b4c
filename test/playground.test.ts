// `npm run playground`, the first thing a newcomer runs: the script package.json runs, on the playground site
// and its seed. With `--validate error` it must fail on the one invalid schema, naming it; as it ships, it must
// build, write JSON-LD and tags, and say where to look. (It writes playground/dist/ and the report, both
// ignored by git, as a newcomer's run does; the passing run goes last, so that is what stays there.)
import { execFile } from 'node:child_process';
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { expect, test } from 'vitest';
import { extractJsonLd } from '../src/head/extract-json-ld.ts';
import { readHeadTags } from '../src/head/index.ts';

const repo = fileURLToPath(new URL('../', import.meta.url));

function runPlayground(args: string[]): Promise<{ code: number; output: string }> {
  // Astro serves differently when it sees Vitest; a newcomer's terminal has none of this.
  const env = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV' && name !== 'TEST',
    ),
  );
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [join(repo, 'scripts/playground.ts'), ...args],
      { cwd: repo, env: { ...env, NO_COLOR: '1', ASTRO_TELEMETRY_DISABLED: '1' } },
      (error, stdout, stderr) => {
        const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
        resolve({ code, output: `${stdout}\n${stderr}` });
      },
    );
  });
}

test('--validate error stops the build on the invalid Event schema, naming page, schema, path and fix', async () => {
  const run = await runPlayground(['--validate', 'error']);
  expect(run.code, run.output.slice(-3000)).toBe(1);
  expect(run.output).toContain(
    'https://www.example.com/events/spring-launch/ #12 Event "Spring launch party" at $.startDate',
  );
  // Printed as the astro CLI prints it, which the README shows.
  expect(run.output).toContain(
    '[astro-schema-manager] The build stopped on 1 invalid schema finding (listed above); no page was changed.\n  Hint:\n    Fix the schemas in the CMS (the #id names the record)',
  );
}, 120_000);

test('builds the playground against the reference server, writes the head data, and says where to look', async () => {
  const run = await runPlayground([]);
  expect(run.code, run.output.slice(-3000)).toBe(0);
  expect(run.output).toContain('Built into playground/dist/. Have a look:');
  // The README's transcript of this run is what it prints (times and the report's folder apart): the one
  // finding is the Event's, on purpose.
  const readme = readFileSync(join(repo, 'README.md'), 'utf8');
  const transcript = /```text\n(\[astro-schema-manager\] \d+ pages planned[\s\S]*?)```/.exec(readme)![1]!;
  const escaped = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
  for (const line of transcript.trimEnd().split('\n')) {
    // A time in ms, or in seconds on a slower machine (`0.1 s`).
    const pattern = escaped(line)
      .replace(/\d+ ms/, '(?:\\d+ ms|[\\d.]+ s)')
      .replace('…', '.*');
    expect(run.output, line).toMatch(new RegExp(pattern));
  }
  expect(run.output).toMatch(/\[astro-schema-manager\] \d+ pages: \d+ rewritten/);
  // Nothing from Node or undici about this package: a newcomer's first run shows no warning it did not ask for.
  expect(run.output).not.toMatch(/ExperimentalWarning|DeprecationWarning/);

  const home = readFileSync(join(repo, 'playground/dist/index.html'), 'utf8');
  const types = extractJsonLd(home).map(
    (script) => (JSON.parse(script.text) as { '@type': string })['@type'],
  );
  expect(types).toEqual(expect.arrayContaining(['Organization', 'WebSite']));
  const head = readHeadTags(home).values;
  expect(head.title?.length).toBe(1);
  expect(head['property:og:title']?.length).toBe(1);
  expect(existsSync(join(repo, 'playground/schema-report.html'))).toBe(true);
}, 120_000);
