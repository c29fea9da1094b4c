// A page url with a `#fragment` names no page: a browser never sends the fragment, so nothing stored under such a
// url is ever shown. Push sends nothing for such an entry and says which entry and what to write (exit 1), still
// pushes the rest, and deletes nothing because of it; pull says what the API holds under one. Real CLI processes
// against reference servers.
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, expect, test } from 'vitest';
import { admin, as, cliHarness, jsonLd as doc, readBack } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'push-fragment-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});
const write = (name: string, value: unknown) => {
  mkdirSync(join(dir, name, '..'), { recursive: true });
  writeFileSync(join(dir, name), JSON.stringify(value));
};

test('a pull file entry for /a/#top is not sent, named with its place and the url to write; the others are', async () => {
  const api = await startApi();
  write('fragment.json', {
    schemas: [
      { url: 'https://example.com/a/#top', schema_data: doc('Article', { headline: 'A' }) },
      { url: 'https://example.com/b/', schema_data: doc('Article', { headline: 'B' }) },
    ],
    meta: [{ url: 'https://example.com/b/#', title: 'B' }],
  });
  const pushed = await cli(['push', 'fragment.json'], as(admin, api));
  expect(pushed.code, pushed.stderr).toBe(1);
  expect(pushed.stdout).toContain('Not sent (a url with a #fragment names no page, the push exits 1):');
  expect(pushed.stdout).toContain(
    '  schemas[0]: https://example.com/a/#top ends in a fragment (#top), which names no page: a browser never sends it',
  );
  expect(pushed.stdout).toContain('Not sent; drop the fragment: https://example.com/a/\n');
  expect(pushed.stdout).toContain('  meta[0]: https://example.com/b/# ends in a fragment (#)');
  expect(pushed.stdout).toContain('2 entries not sent (a url with a #fragment, above).');
  expect((await readBack(api)).map((record) => record.url)).toEqual(['https://example.com/b/']);

  // --json says the same, and a dry run exits 0 as it does with findings.
  const json = await cli(['push', 'fragment.json', '--json', '--dry-run'], as(admin, api));
  expect(json.code, json.stderr).toBe(0);
  const report = JSON.parse(json.stdout);
  expect(report.not_sent).toBe(2);
  expect(report.fragment_urls[0]).toContain('schemas[0]: https://example.com/a/#top ends in a fragment');
});

test('in a directory the page file is named; --prune keeps the record its entry matches', async () => {
  const api = await startApi({
    seed: { schemas: [{ url: 'https://example.com/a/', schema_data: doc('Article', { headline: 'A' }) }] },
  });
  write('seo/example.com/a.json', {
    url: 'https://example.com/a/#top',
    schemas: [{ schema_data: doc('Article', { headline: 'A, edited' }) }],
    meta: { title: 'A' },
  });
  const pushed = await cli(['push', 'seo/', '--prune'], as(admin, api));
  expect(pushed.code, pushed.stderr).toBe(1);
  expect(pushed.stdout).toContain(
    '  seo/example.com/a.json schemas[0], seo/example.com/a.json meta: https://example.com/a/#top ends in a fragment (#top)',
  );
  expect(pushed.stdout).not.toMatch(/^[-~] /m);
  const [record, ...others] = await readBack(api);
  expect(others).toEqual([]);
  expect(record?.url).toBe('https://example.com/a/');
  expect(record?.data).toMatchObject({ headline: 'A' });
});

test('pull says what the API holds under a fragment; the page file without it moves the schemas there', async () => {
  const api = await startApi({
    seed: {
      schemas: [{ url: 'https://example.com/c/#faq', schema_data: doc('FAQPage', { name: 'C' }) }],
    },
  });
  const pulled = await cli(['pull', '--out', 'pulled/'], as(admin, api));
  expect(pulled.code, pulled.stderr).toBe(0);
  expect(pulled.stderr).toContain(
    'The API holds 1 schema for https://example.com/c/#faq: a url with a fragment (#faq) names no page (a browser never sends it), so no build or page ever shows it.',
  );
  expect(pulled.stderr).toContain("write its page file's url as https://example.com/c/ and push");
  write('pulled/example.com/c.json', {
    url: 'https://example.com/c/',
    schemas: [{ schema_type: 'FAQPage', schema_name: 'FAQPage', schema_data: doc('FAQPage', { name: 'C' }) }],
  });
  const pushed = await cli(['push', 'pulled/'], as(admin, api));
  expect(pushed.code, pushed.stdout + pushed.stderr).toBe(0);
  expect(pushed.stdout).toContain('url: "https://example.com/c/#faq" → "https://example.com/c/"');
  expect((await readBack(api)).map((record) => [record.id, record.url])).toEqual([
    [1, 'https://example.com/c/'],
  ]);
  const again = await cli(['pull', '--out', 'pulled/'], as(admin, api));
  expect(again.stderr).not.toContain('fragment');
});
