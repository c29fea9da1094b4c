// Files written beside their target: what a process that ends mid-write removes, and nothing else.
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { removeWrittenBesideSync, writeBeside } from '../src/write-file-atomically.ts';

const dir = mkdtempSync(join(tmpdir(), 'asm-beside-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

test('removes what writeBeside left beside a file, and only that', () => {
  const page = join(dir, 'index.html');
  writeFileSync(page, '<html></html>');
  const first = writeBeside(page, 'one');
  writeBeside(page, 'two');
  // Look-alikes that are not writeBeside's: another page's, a name too short, the user's own file.
  for (const name of ['about.html.0123456789ab.tmp', 'index.html.zz.tmp', 'index.html.bak', 'index.html.tmp'])
    writeFileSync(join(dir, name), 'keep');

  expect(first.startsWith(`${page}.`)).toBe(true);
  expect(removeWrittenBesideSync(page)).toBe(2);
  expect(readdirSync(dir).sort()).toEqual([
    'about.html.0123456789ab.tmp',
    'index.html',
    'index.html.bak',
    'index.html.tmp',
    'index.html.zz.tmp',
  ]);
  expect(removeWrittenBesideSync(join(dir, 'missing/page.html'))).toBe(0);
});
