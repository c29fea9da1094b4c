// Files written beside their target: what a process that ends mid-write removes, and nothing else.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { removeWrittenBesideSync, writeBeside, writeFileAtomically } from '../src/write-file-atomically.ts';

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

test('text given in parts is written whole, one part after another, and replaces the file at once', () => {
  const path = join(dir, 'report.html');
  writeFileSync(path, 'old');
  function* parts() {
    yield '<html>';
    for (let page = 0; page < 3; page++) yield `<p>${page}</p>`;
    yield '</html>';
  }
  writeFileAtomically(path, parts());
  expect(readFileSync(path, 'utf8')).toBe('<html><p>0</p><p>1</p><p>2</p></html>');
  // Parts that fail halfway leave the file as it was, and nothing beside it.
  function* failing() {
    yield 'half';
    throw new Error('the report could not be rendered');
  }
  expect(() => writeFileAtomically(path, failing())).toThrow('could not be rendered');
  expect(readFileSync(path, 'utf8')).toBe('<html><p>0</p><p>1</p><p>2</p></html>');
  expect(readdirSync(dir).filter((name) => name.startsWith('report.html.'))).toEqual([]);
});
