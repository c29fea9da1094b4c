// The CLI's "SEO as code" workflow against a real WordPress, as a user runs it in CI: pull the pages into files,
// edit one, push the change, and pull --check finds the API and the files equal again. WordPress answers in its
// own shapes (string ids and flags, `{ success, id }`, site-local dates, flat meta names), so a round trip that
// works against the reference server may still not work here.
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { apiFormOf, quirks, sites, type WordPressSite } from './sites.ts';
import { runCli } from './support.ts';

const dir = mkdtempSync(join(tmpdir(), 'wordpress-cli-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const cli = (args: string[], env: Record<string, string>) => runCli(dir, args, env);

const PAGES = ['https://www.example.com/cli/one/', 'https://www.example.com/cli/two/'];
const document = (name: string) => ({ '@context': 'https://schema.org', '@type': 'WebPage', name });

/** Two pages with a schema each, and meta for the first: the same every run (the suite may run again). */
async function seed(site: WordPressSite): Promise<void> {
  const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
  try {
    for (const url of PAGES) {
      for await (const record of api.schemas.listAll({ url })) await api.schemas.delete(record.id);
    }
    for (const [index, url] of PAGES.entries()) {
      await api.schemas.create({
        url,
        schema_type: 'WebPage',
        schema_name: `Page ${index + 1}`,
        schema_data: document(`Page ${index + 1}`),
      });
    }
    await api.meta.set(PAGES[0]!, { title: 'One', description: 'The first page.' });
  } finally {
    await api.close();
  }
}

describe.each(sites.filter((site) => site.kind !== 'plain-front-controller'))('$kind WordPress', (site) => {
  const as = (account: WordPressSite['admin']) => ({
    SCHEMA_MANAGER_API: apiFormOf[site.kind](site.origin),
    SCHEMA_MANAGER_USER: account.username,
    SCHEMA_MANAGER_PASSWORD: account.password,
  });
  const urlFlags = PAGES.flatMap((url) => ['--url', url]);

  test('pull, edit, push and pull --check round-trip through WordPress', async () => {
    await seed(site);
    const out = join(dir, `${site.kind}-seo/`);
    const pulled = await cli(['pull', '--out', out, ...urlFlags], as(site.admin));
    expect(pulled.code, pulled.stderr).toBe(0);
    const file = join(out, 'www.example.com/cli/one.json');
    const page = JSON.parse(readFileSync(file, 'utf8'));
    expect(page.schemas).toMatchObject([
      { schema_type: 'WebPage', schema_name: 'Page 1', schema_data: document('Page 1') },
    ]);
    expect(page.meta).toMatchObject({ title: 'One', description: 'The first page.' });

    // Nothing changed yet: the files and WordPress agree, whatever shapes it answers in.
    const unchanged = await cli(['pull', '--check', out, ...urlFlags], as(site.admin));
    expect(unchanged.code, `${unchanged.stdout}${unchanged.stderr}`).toBe(0);

    page.schemas[0].schema_data.name = 'Page 1, edited';
    page.meta.title = 'One, edited';
    writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
    const plan = await cli(['push', out, '--dry-run'], as(site.admin));
    expect(plan.code, plan.stderr).toBe(0);
    expect(plan.stdout).toMatch(
      /^~ #\d+ https:\/\/www\.example\.com\/cli\/one\/ {2}WebPage "Page 1"\n\s+\$\.name: "Page 1" → "Page 1, edited"$/m,
    );
    expect(plan.stdout).toMatch(
      /^~ meta https:\/\/www\.example\.com\/cli\/one\/\n\s+title: "One" → "One, edited"$/m,
    );
    // Only the page that changed.
    expect(plan.stdout).not.toContain('/cli/two/');
    const pushed = await cli(['push', out], as(site.admin));
    expect(pushed.code, `${pushed.stdout}${pushed.stderr}`).toBe(0);

    const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
    try {
      const [record] = await api.schemasByUrl(PAGES[0]!);
      expect(record?.data).toEqual(document('Page 1, edited'));
      expect((await api.meta.get(PAGES[0]!)).title).toBe('One, edited');
    } finally {
      await api.close();
    }
    const again = await cli(['pull', '--check', out, ...urlFlags], as(site.admin));
    expect(again.code, `${again.stdout}${again.stderr}`).toBe(0);
    // And a second push has nothing to do.
    const idle = await cli(['push', out], as(site.admin));
    expect(idle.stdout).toContain('Nothing to change');
  });

  test('a URL WordPress stores in another form than sent is named after the push, or each push makes it again', async () => {
    // esc_url_raw drops `<` and `>`: the record is stored under /cli/y/, which the file never matches.
    const sent = 'https://www.example.com/cli/<y>/';
    const input = join(dir, `${site.kind}-cleaned.json`);
    writeFileSync(input, JSON.stringify({ schemas: [{ url: sent, schema_data: document('Y') }] }));
    const pushed = await cli(['push', input, '--allow-invalid'], as(site.admin));
    expect(pushed.code, `${pushed.stdout}${pushed.stderr}`).toBe(0);
    expect(pushed.stdout).toContain(
      `Note: the API stored ${sent} as https://www.example.com/cli/y/; write the page's url as stored, or each push creates it again.`,
    );
    const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
    try {
      for await (const record of api.schemas.listAll({ url: 'https://www.example.com/cli/y/' }))
        await api.schemas.delete(record.id);
    } finally {
      await api.close();
    }
  });

  test('an editor pulls the schemas and is told meta and social are out of reach', async () => {
    const pulled = await cli(['pull', '--out', '-', ...urlFlags], as(site.editor));
    expect(pulled.code, pulled.stderr).toBe(0);
    expect(JSON.parse(pulled.stdout).schemas.map((record: { url: string }) => record.url)).toEqual(PAGES);
    expect(pulled.stderr).toContain('Skipped meta: the user may not read it (needs manage_options)');
  });

  test("validate --remote asks WordPress's /validate, and bulk cleanup --dry-run changes nothing", async () => {
    const valid = await cli(['validate', '--url', PAGES[1]!, '--remote'], as(site.admin));
    expect(valid.code, `${valid.stdout}${valid.stderr}`).toBe(0);
    const input = join(dir, `${site.kind}-broken.json`);
    writeFileSync(input, JSON.stringify({ '@type': 'WebPage', name: 'No context' }));
    const invalid = await cli(['validate', input, '--remote'], as(site.admin));
    expect(invalid.code).toBe(1);
    expect(invalid.stdout).toContain('missing_context');

    const dry = await cli(['bulk', 'cleanup', '--dry-run'], as(site.admin));
    expect(dry.code, dry.stderr).toBe(0);

    // This plugin has no /scan: the namespace answers, so the route alone is named as missing, not the plugin.
    const scan = await cli(['scan', '--url', PAGES[0]!, '--dry-run'], as(site.admin));
    expect(scan.code).toBe(1);
    expect(scan.stderr).toContain(
      "the API's namespace schemafy/v1 is there, without this route: the plugin on the site may be a version without it",
    );
    const api = createClient({ baseUrl: apiFormOf[site.kind](site.origin), ...site.admin });
    try {
      expect(await api.schemasByUrl(PAGES[1]!)).toHaveLength(1);
    } finally {
      await api.close();
    }
  });
});

describe('a web server that refuses PUT and DELETE itself', () => {
  const site = quirks.refusingPutDelete;

  test("push --prune updates and deletes through WordPress's POST with X-HTTP-Method-Override", async () => {
    await seed(site);
    const env = {
      SCHEMA_MANAGER_API: site.origin,
      SCHEMA_MANAGER_USER: site.admin.username,
      SCHEMA_MANAGER_PASSWORD: site.admin.password,
    };
    // Pulled for the two pages: the prune stays within them (the client tests write to this site meanwhile).
    const out = join(dir, 'refusing-seo/');
    const pulled = await cli(['pull', '--out', out, ...PAGES.flatMap((url) => ['--url', url])], env);
    expect(pulled.code, pulled.stderr).toBe(0);
    const file = join(out, 'www.example.com/cli/one.json');
    const page = JSON.parse(readFileSync(file, 'utf8'));
    page.schemas[0].schema_data.name = 'Page 1, edited';
    writeFileSync(file, `${JSON.stringify(page, null, 2)}\n`);
    rmSync(join(out, 'www.example.com/cli/two.json'));

    // At push's own concurrency: the two writes go out together, both meet the 405, and both are sent again.
    const pushed = await cli(['push', out, '--prune'], env);
    expect(pushed.code, `${pushed.stdout}${pushed.stderr}`).toBe(0);
    const api = createClient({ baseUrl: site.origin, ...site.admin });
    try {
      const [record] = await api.schemasByUrl(PAGES[0]!);
      expect(record?.data).toEqual(document('Page 1, edited'));
      expect(await api.schemasByUrl(PAGES[1]!)).toEqual([]);
    } finally {
      await api.close();
    }
  });
});

describe('a plugin that cleans what it stores (sanitize_text_field, wp_unslash)', () => {
  const site = quirks.sanitizingPlugin;
  const env = {
    SCHEMA_MANAGER_API: site.origin,
    SCHEMA_MANAGER_USER: site.admin.username,
    SCHEMA_MANAGER_PASSWORD: site.admin.password,
  };

  const url = 'https://www.example.com/cli/cleaned/';
  const clear = async () => {
    const api = createClient({ baseUrl: site.origin, ...site.admin });
    try {
      for await (const record of api.schemas.listAll({ url })) await api.schemas.delete(record.id);
      await api.meta.set(url, { title: null });
    } finally {
      await api.close();
    }
  };

  test('push names each value WordPress stored otherwise than sent and exits 1, not "created"', async () => {
    await clear();
    const input = join(dir, 'sanitized.json');
    writeFileSync(
      input,
      JSON.stringify({
        schemas: [
          // sanitize_text_field trims and drops tags; wp_unslash takes the backslash of `\"` in the JSON text.
          { url, schema_name: '  Post <b>one</b>', schema_data: document('say "hi"') },
          { url, schema_name: 'Plain', schema_data: document('Plain') },
        ],
        meta: [{ url, title: '<em>Title</em>' }],
      }),
    );
    const pushed = await cli(['push', input], env);
    expect(pushed.code, `${pushed.stdout}${pushed.stderr}`).toBe(1);
    expect(pushed.stdout).toMatch(
      /^stored otherwise than sent \(sent → stored\): \+ https:\/\/www\.example\.com\/cli\/cleaned\/ {2}WebPage " {2}Post <b>one<\/b>"\n {4}schema_name: " {2}Post <b>one<\/b>" → "Post one"\n {4}schema_data \(text, from character \d+\): ".*say \\\\\\"hi.*" → ".*say \\"hi.*"$/m,
    );
    expect(pushed.stdout).toMatch(
      /^stored otherwise than sent \(sent → stored\): [+~] meta https:\/\/www\.example\.com\/cli\/cleaned\/\n {4}title: "<em>Title<\/em>" → "Title"$/m,
    );
    // The record that was stored as sent is not named.
    expect(pushed.stdout).not.toMatch(/stored otherwise.*"Plain"/);
    expect(pushed.stdout).toContain(
      "The API stored 2 writes otherwise than sent (above: the CMS's plugin or a WordPress filter changes what it stores), so it does not match",
    );
    expect(pushed.stdout).toContain('each push would create the records whose name or type changed again');

    // With --json too: each altered write, sent → stored.
    const json = await cli(['push', input, '--json'], env);
    expect(json.code).toBe(1);
    const report = JSON.parse(json.stdout);
    expect(report.altered.map((item: { stored: Array<{ path: string }> }) => item.stored[0]?.path)).toEqual([
      'schema_name',
      'title',
    ]);
    await clear();
  });
});

describe('a document WordPress would answer larger than the client reads', () => {
  const site = sites.find((candidate) => candidate.kind === 'pretty')!;
  const env = {
    SCHEMA_MANAGER_API: site.origin,
    SCHEMA_MANAGER_USER: site.admin.username,
    SCHEMA_MANAGER_PASSWORD: site.admin.password,
  };

  test('is refused before it is sent: stored, it would stop every pull and push of the site', async () => {
    // 2 MB sent; WordPress answers each é as \u00e9 inside the escaped document: 6 MB, over the 5 MiB cap.
    const url = 'https://www.example.com/cli/too-large/';
    const input = join(dir, 'too-large.json');
    writeFileSync(
      input,
      JSON.stringify({ schemas: [{ url, schema_data: document('é'.repeat(1_000_000)) }] }),
    );
    const pushed = await cli(['push', input, '--allow-invalid'], env);
    expect(pushed.code, `${pushed.stdout}${pushed.stderr}`).toBe(2);
    expect(pushed.stderr).toContain(
      `${input}: schemas[0].schema_data (${url}): about 5.7 MiB as WordPress answers the record, over the 5.0 MiB an answer may hold: once stored, it would stop every pull, push and build of the site (response_too_large). Make the document smaller; nothing was sent.`,
    );
    const api = createClient({ baseUrl: site.origin, ...site.admin });
    try {
      expect(await api.schemasByUrl(url)).toEqual([]);
    } finally {
      await api.close();
    }
    const pulled = await cli(['pull', '--out', '-', '--url', url], env);
    expect(pulled.code, pulled.stderr).toBe(0);
  });
});

describe('a write WordPress answers as done but does not keep', () => {
  const site = sites.find((candidate) => candidate.kind === 'pretty')!;
  const env = {
    SCHEMA_MANAGER_API: site.origin,
    SCHEMA_MANAGER_USER: site.admin.username,
    SCHEMA_MANAGER_PASSWORD: site.admin.password,
  };

  test('is found by reading the API again after the push, named, and exits 1', async () => {
    // The plugin's table holds URLs of up to 2,048 characters; its insert fails, which it does not check, and
    // it answers the fields as stored. A schema on that URL fails with a 500 of its own; the page's other does not.
    const long = `https://www.example.com/cli/${'l'.repeat(3000)}/`;
    const kept = 'https://www.example.com/cli/kept/';
    const clearKept = async () => {
      const api = createClient({ baseUrl: site.origin, ...site.admin });
      try {
        for await (const record of api.schemas.listAll({ url: kept })) await api.schemas.delete(record.id);
      } finally {
        await api.close();
      }
    };
    await clearKept();
    const input = join(dir, 'dropped.json');
    writeFileSync(
      input,
      JSON.stringify({
        schemas: [
          { url: kept, schema_data: document('Kept') },
          { url: long, schema_data: document('Long') },
        ],
        meta: [{ url: long, title: 'Dropped' }],
      }),
    );
    for (const attempt of [1, 2]) {
      const pushed = await cli(['push', input], env);
      expect(pushed.code, `${pushed.stdout}${pushed.stderr}`).toBe(1);
      expect(pushed.stdout).toContain(
        `failed + ${long}  WebPage "WebPage"\n  Could not store the schema. (500 db_error at POST`,
      );
      expect(pushed.stdout).toContain(`not stored: + meta ${long}\n    title: (none) → "Dropped"`);
      expect(pushed.stdout).toContain(
        `The API answered 1 write above as done but does not hold it: read again after the push, it still differs from ${input} there.`,
      );
      expect(pushed.stdout).toContain(`Schemas: ${attempt === 1 ? 1 : 0} created`);
      expect(pushed.stdout).toContain(
        'Meta: 0 set, 0 unchanged. Social: 0 set, 0 unchanged. 2 writes failed.',
      );
    }
    const api = createClient({ baseUrl: site.origin, ...site.admin });
    try {
      expect(await api.schemasByUrl(kept)).toHaveLength(1);
    } finally {
      await api.close();
    }
    await clearKept();
  });
});
