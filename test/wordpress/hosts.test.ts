// The client against real WordPress sites set up as some hosts are (environment.ts, QuirkSites): a web server
// that refuses PUT and DELETE itself, a site in a folder with another REST prefix, and a site whose address
// names another origin than the one it is reached at.
import { describe, expect, test } from 'vitest';
import { failure } from '../client/scripted-server.ts';
import { quirks, timeZone, type WordPressSite } from './sites.ts';
import { clientsClosedAfterAll } from './support.ts';

const DOC = { '@context': 'https://schema.org', '@type': 'Thing', name: 'A thing' };

function basicAuth(account: WordPressSite['admin']): string {
  return `Basic ${Buffer.from(`${account.username}:${account.password}`).toString('base64')}`;
}

const client = clientsClosedAfterAll();

describe('a web server that refuses PUT and DELETE itself', () => {
  const site = quirks.refusingPutDelete;
  const api = `${site.origin}/wp-json/schemafy/v1`;

  test("updates and deletes go as WordPress's POST with X-HTTP-Method-Override, and WordPress makes them", async () => {
    const admin = client({ baseUrl: site.origin, ...site.admin });
    const url = `${site.origin}/refused-${Date.now()}/`;
    const created = await admin.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'One',
      schema_data: DOC,
    });
    // The web server's own page, not WordPress's: the PUT never reaches it.
    const refused = await fetch(`${api}/schemas/${created.id}`, {
      method: 'PUT',
      headers: { authorization: basicAuth(site.admin), 'content-type': 'application/json' },
      body: JSON.stringify({ schema_name: 'Never' }),
    });
    expect(refused.status).toBe(405);
    expect(await refused.text()).toContain('<title>405 Method Not Allowed</title>');

    // WordPress answers an update with `{ success }`, so the client reads the record back: the first update is
    // the refused PUT, the POST naming its method, and the read; once refused, writes go as that POST at once.
    const sent = (before: number) => admin.stats().requests - before;
    let before = admin.stats().requests;
    const updated = await admin.schemas.update(created.id, { schema_name: 'Renamed', is_active: false });
    expect(updated).toMatchObject({ id: created.id, schema_name: 'Renamed', is_active: false });
    expect(sent(before)).toBe(3);
    before = admin.stats().requests;
    await admin.schemas.update(created.id, { schema_data: { ...DOC, name: 'Changed' } });
    expect(sent(before)).toBe(2);
    // Read back by another client: WordPress stored the change.
    const reader = client({ baseUrl: api, ...site.editor });
    expect(await reader.schemas.get(created.id)).toMatchObject({
      schema_name: 'Renamed',
      is_active: false,
      data: { ...DOC, name: 'Changed' },
    });

    before = admin.stats().requests;
    expect(await admin.schemas.delete(created.id)).toBeNull();
    expect(sent(before)).toBe(1);
    expect(await failure(reader.schemas.get(created.id))).toMatchObject({ status: 404, code: 'not_found' });
  });

  test('a client whose first call is a delete deletes the record', async () => {
    const admin = client({ baseUrl: api, ...site.admin });
    const url = `${site.origin}/refused-delete-${Date.now()}/`;
    const created = await admin.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'Gone',
      schema_data: DOC,
    });
    const fresh = client({ baseUrl: api, ...site.admin });
    expect(await fresh.schemas.delete(created.id)).toBeNull();
    expect(await failure(admin.schemas.get(created.id))).toMatchObject({ status: 404, code: 'not_found' });
    // WordPress's own refusals still come through: the override is no way around its permissions.
    const editor = client({ baseUrl: api, ...site.editor });
    const other = await admin.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'Kept',
      schema_data: DOC,
    });
    expect(await failure(editor.schemas.delete(other.id))).toMatchObject({
      status: 403,
      code: 'rest_forbidden',
    });
    expect((await admin.schemas.get(other.id)).schema_name).toBe('Kept');
    await admin.schemas.delete(other.id);
  });
});

describe('a site in a folder (/blog) with the REST prefix api', () => {
  const site = quirks.inFolder;
  const home = site.home as string;

  test('every base URL form finds the REST index: dates are read in the site time zone', async () => {
    const admin = client({ baseUrl: `${home}/api/schemafy/v1`, ...site.admin });
    const url = `${home}/dated-${Date.now()}/`;
    const created = await admin.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'Dated',
      schema_data: DOC,
    });
    // What WordPress stores and sends: the site's local time, without a zone.
    const raw = (await (
      await fetch(`${home}/api/schemafy/v1/schemas/${created.id}`, {
        headers: { authorization: basicAuth(site.admin) },
      })
    ).json()) as { created_at: string };
    expect(raw.created_at).toMatch(/^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d$/);
    // The same wall-clock time in the site's zone (not read as UTC, which is hours off).
    const local = (iso: string | null | undefined) =>
      new Date(iso ?? '').toLocaleString('sv-SE', { timeZone, hour12: false });
    try {
      const forms = [
        `${home}/api/schemafy/v1`,
        home,
        `${home}/`,
        `${home}/index.php?rest_route=/schemafy/v1`,
        `${home}/?rest_route=/schemafy/v1`,
      ];
      for (const baseUrl of forms) {
        const api = client({ baseUrl, ...site.admin });
        const record = await api.schemas.get(created.id);
        expect(record.created_at, baseUrl).toMatch(/Z$/);
        expect(local(record.created_at), baseUrl).toBe(raw.created_at);
        expect(api.baseUrl, baseUrl).toBe(
          baseUrl.includes('rest_route')
            ? `${home}/index.php?rest_route=/schemafy/v1`
            : `${home}/api/schemafy/v1`,
        );
        // Public reads too, with the same dates.
        const [found] = await client({ baseUrl }).schemasByUrl(url);
        expect(local(found?.created_at), baseUrl).toBe(raw.created_at);
      }
    } finally {
      await admin.schemas.delete(created.id);
    }
  });
});

describe('a site whose address names another origin (localhost, reached as 127.0.0.1)', () => {
  const site = quirks.homeElsewhere;
  const elsewhere = site.home as string;

  test('credentials do not follow its REST root there; public reads do', async () => {
    const api = `${site.origin}/wp-json/schemafy/v1`;
    const admin = client({ baseUrl: api, ...site.admin });
    const url = `${site.origin}/elsewhere-${Date.now()}/`;
    const created = await admin.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'Public',
      schema_data: DOC,
    });
    try {
      // The site's address given with credentials: discovery finds the root on localhost and stops there.
      const given = client({ baseUrl: site.origin, ...site.admin });
      for (const call of [() => given.schemas.list(), () => given.schemas.get(created.id)]) {
        const error = await failure(call());
        expect(error.code).toBe('not_this_api');
        expect(error.message).toContain(`names ${elsewhere}/wp-json/ as its REST API, on another origin`);
        expect(error.hint).toContain(`${elsewhere}/wp-json/schemafy/v1`);
      }
      // Each call only asked the home page again (discovery sends no credentials): nothing went to the root.
      expect(given.stats().requests).toBe(2);

      // Without credentials the site's REST root is followed, and public reads work.
      const anonymous = client({ baseUrl: site.origin });
      expect((await anonymous.schemasByUrl(url)).map((record) => record.id)).toEqual([created.id]);
      expect(anonymous.baseUrl).toBe(`${elsewhere}/wp-json/schemafy/v1`);
      // And the address the hint names, given with the credentials, is used with them.
      const named = client({ baseUrl: `${elsewhere}/wp-json/schemafy/v1`, ...site.admin });
      expect(await named.probe()).toMatchObject({ authenticated: true, canManageOptions: true });
    } finally {
      await admin.schemas.delete(created.id);
    }
  });
});
