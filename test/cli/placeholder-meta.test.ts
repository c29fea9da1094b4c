// `push` and `validate` judge the CMS's schemas as the build ships them: a `{{meta_title}}` the page's meta fills
// is no finding, one nothing fills is. Real CLI processes against a reference server.
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import type { SeedFile } from '../../src/server/index.ts';
import { admin, as, cliHarness, jsonLd as doc, editor } from '../support/cli-process.ts';

const dir = mkdtempSync(join(tmpdir(), 'placeholder-meta-'));
const { cli, startApi, close } = cliHarness(dir);
afterAll(async () => {
  await close();
  rmSync(dir, { recursive: true, force: true });
});

const ABOUT = 'https://example.com/about/';
const TEAM = 'https://example.com/team/';
const page = (url: string) => ({ url, schema_data: doc('WebPage', { name: '{{meta_title}}', url }) });
// The CMS has a meta title for /about/ and none for /team/.
const seed: SeedFile = {
  schemas: [page(ABOUT), page(TEAM)],
  meta: [{ url: ABOUT, title: 'About us', description: 'Who we are' }],
};
let api: string;
beforeAll(async () => {
  api = await startApi({ seed });
});

/** The pages a run's output reports an unfilled placeholder on. */
const unfilledOn = (output: string) =>
  [ABOUT, TEAM].filter((url) =>
    new RegExp(
      `${url.replace(/[/.]/g, '\\$&')}[^\\n]*\\n(?: {4}.*\\n)*? {4}warning +\\$\\.name .*unfilled-placeholder`,
    ).test(output),
  );

test('push --dry-run fills placeholders from the file’s meta, else from the CMS’s, as the build does', async () => {
  // Schemas only, as a pull file without meta: /about/ is filled from the CMS.
  writeFileSync(join(dir, 'schemas.json'), JSON.stringify({ schemas: seed.schemas }));
  const dry = await cli(['push', 'schemas.json', '--dry-run'], as(admin, api));
  expect(dry.code).toBe(0);
  expect(unfilledOn(dry.stdout)).toEqual([TEAM]);

  // The file gives /team/ a title: nothing is left unfilled.
  writeFileSync(
    join(dir, 'with-meta.json'),
    JSON.stringify({ schemas: seed.schemas, meta: [{ url: TEAM, title: 'The team' }] }),
  );
  const filled = await cli(['push', 'with-meta.json', '--dry-run'], as(admin, api));
  expect(filled.code).toBe(0);
  expect(filled.stdout).not.toContain('unfilled-placeholder');
});

test('an editor, who may not read meta, is told both placeholders are unfilled, and why', async () => {
  const dry = await cli(['push', 'schemas.json', '--dry-run'], as(editor, api));
  expect(dry.code).toBe(0);
  expect(unfilledOn(dry.stdout)).toEqual([ABOUT, TEAM]);
  expect(dry.stdout).toContain('or credentials that cannot read meta');
});

test('validate: a pull file’s own meta fills its placeholders; --url reads the CMS’s where allowed', async () => {
  writeFileSync(
    join(dir, 'pulled.json'),
    JSON.stringify({ schemas: seed.schemas, meta: [{ url: ABOUT, title: 'About us' }] }),
  );
  const file = await cli(['validate', 'pulled.json'], {});
  expect(file.code).toBe(0);
  expect(file.stdout).toMatch(
    /pulled\.json https:\/\/example\.com\/team\/\n {2}warning +\$\.name .* schemas\[1\] WebPage\n/,
  );
  expect(file.stdout).not.toMatch(/about\/\n {2}warning/);

  const byAdmin = await cli(['validate', '--url', ABOUT], as(admin, api));
  expect(byAdmin.code).toBe(0);
  expect(byAdmin.stdout).not.toContain('unfilled-placeholder');
  const anonymous = await cli(['validate', '--url', ABOUT], { SCHEMA_MANAGER_API: api });
  expect(anonymous.code).toBe(0);
  expect(anonymous.stdout).toContain('unfilled-placeholder');
  // Each of the page's records is named as the build names it, not "document 1".
  expect(anonymous.stdout).toMatch(/#1 WebPage\b/);
});
