// An older Node.js is told, in one line, which Node the package needs: by the CLI, and by the entry points a
// project imports (the integration, the client, the server), before undici or node:sqlite fail inside.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { delimiter, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, test } from 'vitest';
import { nodeVersionProblem } from '../src/node-version.ts';

const dist = fileURLToPath(new URL('../dist/', import.meta.url));

test('says which Node is needed and which this is, and nothing for a recent enough one', () => {
  expect(nodeVersionProblem('20.20.2')).toBe(
    'astro-schema-manager needs Node.js >= 22.19; this is 20.20.2. Install a newer Node.js (24 LTS is tested).',
  );
  expect(nodeVersionProblem('22.18.0')).toContain('this is 22.18.0');
  for (const version of ['22.19.0', '22.20.1', '23.0.0', '24.11.0'])
    expect(nodeVersionProblem(version)).toBeNull();
});

/** A `node` on PATH older than the package needs (the machine's own, where the repository runs Node 24). */
function olderNode(): string | undefined {
  for (const dir of (process.env.PATH ?? '').split(delimiter)) {
    const candidate = join(dir, 'node');
    if (!dir || !existsSync(candidate)) continue;
    const version = execFileSync(candidate, ['--version'], { encoding: 'utf8' }).trim().replace(/^v/, '');
    if (nodeVersionProblem(version) !== null) return candidate;
  }
  return undefined;
}

const older = olderNode();
describe.skipIf(older === undefined)(`under an older Node (${older ?? 'none on PATH'})`, () => {
  const run = (args: string[]) => spawnSync(older as string, args, { encoding: 'utf8', cwd: dist });

  test('the CLI prints one line and exits 1', () => {
    const result = run([join(dist, 'cli/main.js'), '--help']);
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toMatch(
      /^astro-schema-manager needs Node\.js >= 22\.19; this is 20\.\d+\.\d+\./,
    );
    expect(result.stderr.trim().split('\n')).toHaveLength(1);
  });

  for (const entry of ['integration/index.js', 'client/index.js', 'server/index.js']) {
    test(`importing ${entry} fails with that line, not inside undici or node:sqlite`, () => {
      const result = run([
        '--input-type=module',
        '-e',
        `await import(${JSON.stringify(join(dist, entry))});`,
      ]);
      expect(result.status).not.toBe(0);
      expect(result.stderr).toContain('Error: astro-schema-manager needs Node.js >= 22.19; this is 20.');
      expect(result.stderr).not.toMatch(/undici|node:sqlite|TypeError/);
    });
  }
});
