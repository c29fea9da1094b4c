// The client against real WordPress sites guarded as sites in the wild are (environment.ts, QuirkSites): a
// staging site behind its web server's own password, a REST API locked to logged-in users, and application
// passwords turned off. Each failure says what happened and what to change.
import { describe, expect, test } from 'vitest';
import { failure } from '../client/scripted-server.ts';
import { quirks } from './sites.ts';
import { clientsClosedAfterAll } from './support.ts';

const DOC = { '@context': 'https://schema.org', '@type': 'Thing', name: 'A thing' };
const client = clientsClosedAfterAll();

describe("a staging site behind its web server's own password (HTTP Basic, htpasswd)", () => {
  const site = quirks.stagingBehindPassword;
  const api = `${site.origin}/wp-json/schemafy/v1`;

  test("application passwords cannot pass: the web server's 401 is named as its own login, with the way out", async () => {
    for (const [baseUrl, credentials] of [
      [site.origin, site.admin],
      [api, site.admin],
      [api, {}],
    ] as const) {
      const error = await failure(client({ baseUrl, ...credentials }).schemas.list());
      expect(error.status, baseUrl).toBe(401);
      expect(error.code, baseUrl).toBe('html_response');
      expect(error.message, baseUrl).toContain('401 Unauthorized');
      expect(error.hint, baseUrl).toContain(
        'the web server in front of WordPress asks for its own login (HTTP authentication, as on a password-protected staging site) before WordPress sees the request, and the Authorization header can carry only one password: exempt the REST API (/wp-json/ or ?rest_route=)',
      );
    }
    // The web server's own user and password get through it, and WordPress reads them as an application
    // password, which they are not: WordPress answers as to a visitor.
    const staging = client({ baseUrl: api, username: 'staging', password: 'staging-password' });
    const error = await failure(staging.schemas.list());
    expect(error).toMatchObject({ status: 401, code: 'rest_forbidden' });
    expect(error.hint).toContain('the credentials were refused');
  });
});

describe('a site whose REST API only logged-in users may use (a rest_authentication_errors filter)', () => {
  const site = quirks.restForUsersOnly;

  test("a visitor's public read is refused, and said so; with an application password reads and writes pass", async () => {
    const url = `https://www.example.com/users-only-${Date.now()}/`;
    const admin = client({ baseUrl: site.origin, ...site.admin });
    const created = await admin.schemas.create({
      url,
      schema_type: 'Thing',
      schema_name: 'Kept',
      schema_data: DOC,
    });
    try {
      for (const read of [
        () => client({ baseUrl: site.origin }).schemasByUrl(url),
        () => client({ baseUrl: `${site.origin}/?rest_route=/schemafy/v1` }).schemasByUrl(url),
        () => client({ baseUrl: site.origin }).probe(),
      ]) {
        const error = await failure(read());
        expect(error).toMatchObject({ status: 401, code: 'rest_not_logged_in' });
        expect(error.message).toContain('You are not currently logged in.');
        expect(error.hint).toContain(
          'the site lets only logged-in users use its REST API, this public route too (a security plugin such as Disable REST API',
        );
        expect(error.hint).toContain('give the username and application password of createClient');
      }
      const editor = client({ baseUrl: site.origin, ...site.editor });
      expect((await editor.schemasByUrl(url)).map((record) => record.id)).toEqual([created.id]);
      expect((await editor.schemas.list({ url })).items.map((record) => record.id)).toEqual([created.id]);
    } finally {
      await admin.schemas.delete(created.id);
    }
  });
});

describe('a site with application passwords turned off (wp_is_application_passwords_available)', () => {
  const site = quirks.noApplicationPasswords;

  test('WordPress ignores the password, and the hint names the filter or plugin that turned them off', async () => {
    const admin = client({ baseUrl: site.origin, ...site.admin });
    const error = await failure(admin.schemas.list());
    expect(error).toMatchObject({ status: 401, code: 'rest_forbidden' });
    expect(error.hint).toContain(
      "the site's REST index offers no application passwords, so WordPress ignores them",
    );
    expect(error.hint).toContain(
      'a security plugin (Wordfence has such a setting) or the wp_is_application_passwords_available filter turned them off',
    );
    const probe = await failure(client({ baseUrl: site.origin, ...site.admin }).probe());
    expect(probe.code).toBe('credentials_not_accepted');
    expect(probe.message).toContain('WordPress ignored it');
    // Public reads need no password, and work.
    expect(await client({ baseUrl: site.origin }).schemasByUrl('https://www.example.com/none/')).toEqual([]);
  });
});
