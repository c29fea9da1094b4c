// The closing line counts a broken setup as a failure, in a real Vitest run of a small project.
import { execFile } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';

const root = join(import.meta.dirname, '../..');
const scratch = mkdtempSync(join(tmpdir(), 'asm-reporter-'));
afterAll(() => rmSync(scratch, { recursive: true, force: true }));

test('a beforeAll that throws counts as a failed file and a failure, not as skipped tests', async () => {
  writeFileSync(
    join(scratch, 'broken.test.js'),
    "beforeAll(() => { throw new Error('no browser here'); });\ntest('a', () => {});\ntest('b', () => {});\n",
  );
  writeFileSync(join(scratch, 'fine.test.js'), "test('c', () => { expect(1).toBe(1); });\n");
  const result = await new Promise<{ code: number | null; stdout: string }>((resolve) => {
    execFile(
      process.execPath,
      [
        join(root, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--root',
        scratch,
        '--globals',
        '--reporter',
        join(root, 'test/support/summary-reporter.ts'),
      ],
      { cwd: scratch },
      (error, stdout) => resolve({ code: error ? (error.code as number) : 0, stdout }),
    );
  });
  expect(result.code).toBe(1);
  expect(result.stdout).toContain('test files: 1 passed, 1 failed');
  expect(result.stdout).toMatch(/setup failed: .*no browser here/);
  expect(result.stdout).toContain('tests: 1 passed, 1 failed, 2 skipped');
});
