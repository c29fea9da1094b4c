// A CMS's record names are anyone-with-an-account's text: in the CLI's readable output they must not forge a
// line (a GitHub Actions workflow command starts a line with `::`) or steer the terminal. Real CLI processes
// against a reference server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { admin, as, cliHarness, jsonLd as doc } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'cms-text-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const PAGE = 'https://example.com/gh/';
const NAME =
  'x\n::error file=README.md,line=1::INJECTED\n::stop-commands::tok\u001b[2J\u001b]0;pwned\u0007\r';
let api: string;
beforeAll(async () => {
  api = await startApi({
    seed: {
      schemas: [
        {
          url: PAGE,
          schema_type: 'Article',
          schema_name: NAME,
          schema_data: doc('Article', { headline: 5 }),
        },
      ],
    },
  });
});

/** No line a CI runner would read as a command, no control character but the newline ending a line. */
function expectInert(output: string): void {
  expect(output.split('\n').filter((line) => line.startsWith('::'))).toEqual([]);
  expect(output).not.toMatch(/[\u0000-\u0008\u000b-\u001f\u007f]/);
  expect(output).toContain('x\\n::error file=README.md,line=1::INJECTED\\n::stop-commands::tok\\x1b[2J');
}

test("validate --url names the CMS's record with its control characters written out", async () => {
  const run = await cli(['validate', '--url', PAGE], { SCHEMA_MANAGER_API: api });
  expect(run.stdout).toContain('google-missing-recommended');
  expectInert(run.stdout);
});

test('the plan and findings of push --dry-run do too', async () => {
  writeFileSync(
    join(dir, 'gh.json'),
    JSON.stringify({
      schemas: [
        {
          url: PAGE,
          schema_type: 'Article',
          schema_name: NAME,
          schema_data: doc('Article', { headline: 6 }),
        },
      ],
    }),
  );
  const run = await cli(['push', 'gh.json', '--dry-run'], as(admin, api));
  expect(run.code, run.stderr).toBe(0);
  expect(run.stdout).toContain('$.headline: 5 → 6');
  expectInert(run.stdout);
});
