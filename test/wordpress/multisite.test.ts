// The client and the CLI against a real subdirectory multisite network (environment.ts, MultisiteNetwork): a
// sub-site's records are its own, and an address no sub-site has, which WordPress answers as the main site, stops
// every call (a write too) before it reaches the main site's records.
import { existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, test } from 'vitest';
import { failure } from '../client/scripted-server.ts';
import { multisite } from './sites.ts';
import { clientsClosedAfterAll, runCli } from './support.ts';

const { origin, subSite, admin, editor } = multisite;
const DOC = { '@context': 'https://schema.org', '@type': 'Thing', name: 'A thing' };
const dir = mkdtempSync(join(tmpdir(), 'wordpress-multisite-'));

const client = clientsClosedAfterAll();
afterAll(() => rmSync(dir, { recursive: true, force: true }));
const cli = (args: string[], env: Record<string, string>) => runCli(dir, args, env);

describe('a sub-site of a subdirectory network (/site2/)', () => {
  test("its records are its own: written and read there, not in the main site's", async () => {
    const url = `https://www.example.com/multisite-${Date.now()}/`;
    const sub = client({ baseUrl: subSite, ...admin });
    const main = client({ baseUrl: origin, ...admin });
    const created = await sub.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'Sub',
      schema_data: DOC,
    });
    // Discovered from the sub-site's own REST root, not the main site's.
    expect(sub.baseUrl).toBe(`${subSite}/wp-json/schemafy/v1`);
    try {
      // The sub-site's editor, in each form of its address.
      for (const baseUrl of [
        `${subSite}/`,
        `${subSite}/wp-json/schemafy/v1`,
        `${subSite}/?rest_route=/schemafy/v1`,
      ]) {
        const reader = client({ baseUrl, ...editor });
        expect(
          (await reader.schemas.list({ url })).items.map((r) => r.schema_name),
          baseUrl,
        ).toEqual(['Sub']);
      }
      expect(await main.schemasByUrl(url)).toEqual([]);
      const own = await main.schemas.create({
        url,
        schema_type: 'Thing',
        schema_name: 'Main',
        schema_data: DOC,
      });
      expect((await sub.schemasByUrl(url)).map((r) => r.schema_name)).toEqual(['Sub']);
      expect((await main.schemasByUrl(url)).map((r) => r.schema_name)).toEqual(['Main']);
      await main.schemas.delete(own.id);
      const updated = await sub.schemas.update(created.id, { schema_name: 'Sub, renamed' });
      expect(updated.schema_name).toBe('Sub, renamed');
    } finally {
      await sub.schemas.delete(created.id);
    }
    expect(await sub.schemasByUrl(url)).toEqual([]);
  });

  test('an editor of the sub-site only is refused on the main site, told roles are per site', async () => {
    const error = await failure(client({ baseUrl: origin, ...editor }).schemas.list());
    expect(error.status).toBe(403);
    expect(error.hint).toContain(
      'on a multisite network, a user has a role only on the sites it was added to',
    );
  });
});

describe('an address no sub-site has (/site3/), which WordPress answers as the main site', () => {
  const missing = `${origin}/site3`;

  test('every form of it stops with not_this_api, naming the main site and its API', async () => {
    for (const baseUrl of [
      missing,
      `${missing}/`,
      `${missing}/wp-json/schemafy/v1`,
      `${missing}/?rest_route=/schemafy/v1`,
    ]) {
      const api = client({ baseUrl, ...admin });
      const error = await failure(api.schemas.list());
      expect(error.code, baseUrl).toBe('not_this_api');
      expect(error.message, baseUrl).toContain(
        `WordPress answers ${missing}/ as the site ${origin}/, so calls stop here`,
      );
      expect(error.hint, baseUrl).toContain(`set baseUrl to ${origin}/wp-json/schemafy/v1`);
    }
  });

  test("a write as the first call does not reach the main site's records", async () => {
    const url = `https://www.example.com/multisite-missing-${Date.now()}/`;
    for (const baseUrl of [`${missing}/wp-json/schemafy/v1`, `${missing}/?rest_route=/schemafy/v1`]) {
      const api = client({ baseUrl, ...admin });
      const error = await failure(
        api.schemas.create({ url, schema_type: 'Thing', schema_name: 'Lost', schema_data: DOC }),
      );
      expect(error.code, baseUrl).toBe('not_this_api');
    }
    expect(await client({ baseUrl: origin }).schemasByUrl(url)).toEqual([]);
  });
});

describe('the CLI against the network', () => {
  const env = (baseUrl: string) => ({
    SCHEMA_MANAGER_API: baseUrl,
    SCHEMA_MANAGER_USER: admin.username,
    SCHEMA_MANAGER_PASSWORD: admin.password,
  });

  test('pull from the sub-site writes its records; from /site3/ it stops before writing a file', async () => {
    const url = `https://www.example.com/multisite-cli-${Date.now()}/`;
    const sub = client({ baseUrl: subSite, ...admin });
    const created = await sub.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'Pulled',
      schema_data: DOC,
    });
    try {
      const out = join(dir, 'site2-seo/');
      const pulled = await cli(['pull', '--out', out, '--url', url], env(subSite));
      expect(pulled.code, pulled.stderr).toBe(0);
      const file = join(out, `www.example.com/${new URL(url).pathname.replace(/^\/|\/$/g, '')}.json`);
      expect(JSON.parse(readFileSync(file, 'utf8')).schemas).toMatchObject([
        { schema_type: 'Thing', schema_name: 'Pulled', schema_data: DOC },
      ]);

      const nowhere = join(dir, 'site3-seo/');
      const refused = await cli(['pull', '--out', nowhere, '--url', url], env(`${origin}/site3/`));
      expect(refused.code).not.toBe(0);
      expect(refused.stderr).toContain(`WordPress answers ${origin}/site3/ as the site ${origin}/`);
      expect(refused.stderr).toContain(`${origin}/wp-json/schemafy/v1`);
      expect(existsSync(nowhere) ? readdirSync(nowhere, { recursive: true }) : []).toEqual([]);
    } finally {
      await sub.schemas.delete(created.id);
    }
  });
});
