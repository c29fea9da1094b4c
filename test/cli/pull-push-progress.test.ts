// Progress of pull's reads and push's writes as a user sees it: plain lines in a log, a bar on a terminal.
// Real CLI processes against reference servers; the terminal comes from util-linux `script`.
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import type { SeedFile } from '../../src/server/index.ts';
import { admin, as, cliHarness, cliMain, readBack } from '../support/cli-process.ts';
import { hasScript } from './support/terminal.ts';

const dir = mkdtempSync(join(tmpdir(), 'progress-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});
const file = (name: string) => join(dir, name);
const doc = (type: string, extra: Record<string, unknown> = {}) => ({
  '@context': 'https://schema.org',
  '@type': type,
  ...extra,
});

describe('progress on long work', () => {
  const many: SeedFile = {
    schemas: Array.from({ length: 250 }, (_, index) => ({
      url: `https://example.com/p/${index}/`,
      schema_data: doc('Article', { headline: `Post ${index}` }),
    })),
  };

  test('without a terminal: plain lines on stderr, at most one per tenth; none with --json', async () => {
    const api = await startApi({ seed: many });
    const env = as(admin, api);
    const pulled = await cli(['pull', '--out', 'many/'], env);
    expect(pulled.code).toBe(0);
    // Reads count as their pages of 100 arrive (the last two side by side, in either order).
    const lines = pulled.stderr.trim().split('\n');
    expect(lines).toHaveLength(3);
    expect(lines[0]).toBe('Reading from the API: 100/250');
    expect(lines.at(-1)).toBe('Reading from the API: 250/250');
    expect(lines.every((line) => /^Reading from the API: \d+\/250$/.test(line))).toBe(true);
    expect((await cli(['pull', '--out', 'many/', '--json'], env)).stderr).toBe('');

    const fresh = await startApi();
    const pushed = await cli(['push', 'many/'], as(admin, fresh));
    expect(pushed.code).toBe(0);
    expect(pushed.stderr.trim().split('\n').at(-1)).toBe('Writing to the API: 250/250');
    expect(await readBack(fresh)).toHaveLength(250);
  });

  test.skipIf(!hasScript)(
    'on a terminal: a bar that is redrawn in place (under util-linux script)',
    async () => {
      const api = await startApi({ seed: many });
      const command = [process.execPath, cliMain, 'pull', '--out', 'tty/']
        .map((word) => `'${word}'`)
        .join(' ');
      const run = await cli([], as(admin, api), undefined, {
        command: 'script',
        args: ['-qec', `${command} > /dev/null`, '/dev/null'],
      });
      expect(run.code).toBe(0);
      // cli-progress redraws the line: carriage returns or cursor moves, and the final count.
      expect(run.stdout).toMatch(/\u001b\[\d*G/);
      expect(run.stdout).toMatch(/Reading from the API \[[█░]+\] 250\/250/);
      expect(existsSync(file('tty/example.com/p/0.json'))).toBe(true);
    },
  );
});
