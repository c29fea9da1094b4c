// What the build does with bad schemas, unreachable APIs, conflicting page tags and CMS URLs elsewhere.
import { readFileSync } from 'node:fs';
import { createServer as createHttpServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createClient } from '../../src/client/index.ts';
import { readHeadTags } from '../../src/head/index.ts';
import { ADMIN, basicSeed, EDITOR, type RunningApi, SITE, startApi } from './support/api.ts';
import { buildFixture, listFiles } from './support/build-fixture.ts';

let api: RunningApi;
beforeAll(async () => {
  const seed = basicSeed();
  api = await startApi(
    {
      ...seed,
      schemas: [
        ...(seed.schemas ?? []),
        {
          url: `${SITE}/blog/`,
          schema_type: 'Event',
          schema_name: 'Broken event',
          schema_data: {
            '@context': 'https://schema.org',
            '@type': 'Event',
            name: 'Launch',
            startDate: 'next friday',
            location: { '@type': 'Place', name: 'Shop', address: 'Portland' },
          },
        },
        // The CMS knows the about page under its own origin (see the cmsUrl test).
        {
          url: 'https://cms.example.org/pages/about',
          schema_type: 'AboutPage',
          schema_name: 'CMS-side about',
          schema_data: {
            '@context': 'https://schema.org',
            '@type': 'AboutPage',
            name: 'About, as the CMS knows it',
          },
        },
      ],
    },
    [SITE, 'https://cms.example.org'],
  );
});
afterAll(() => api?.close());

test("validate 'error' (the default) fails the build on an invalid schema, naming page, schema, path and fix", async () => {
  const build = await buildFixture({ fixture: 'site-basic', env: api.env });
  try {
    expect(build.exitCode).not.toBe(0);
    expect(build.log).toContain('https://www.example.com/blog/');
    expect(build.log).toMatch(/#\d+ Event "Broken event" at \$\.startDate/);
    expect(build.log).toContain('validate: "warn"');
    // The hint names the code to downgrade, as the user would write it.
    expect(build.log).toContain('schemaManager({ severity: { "invalid-value": "warning" } })');
    // The warnings are said as well, so fixing the errors brings no second round of surprises.
    expect(build.log).toMatch(
      /Schema warnings:\n\s+- https:\/\/www\.example\.com\/blog\/first\/ \(and 1 other page\) #\d+ Article "First post" \(and 1 other schema\) at \$\.author\.url: \[google-missing-recommended\]/,
    );
    // A verdict, not a crash: no stack trace.
    expect(build.log).not.toMatch(/^\s+at /m);
    expect(build.log).not.toContain('Stack trace');
    // Nothing was rewritten: the build stopped before touching a page, and what it staged is gone.
    expect(build.read('index.html')).not.toContain('data-schema-manager');
    expect(listFiles(join(build.root, 'dist')).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  } finally {
    build.remove();
  }
});

test("validate 'warn' builds, logs the finding, and ships the schema", async () => {
  const build = await buildFixture({ fixture: 'site-basic', options: { validate: 'warn' }, env: api.env });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).toMatch(/#\d+ Event "Broken event" at \$\.startDate/);
    expect(build.log).toContain('Schema errors and warnings (validate: "warn" ships the pages with them):');
    const names = readHeadTags(build.read('blog/index.html')).jsonLd.map((text) => JSON.parse(text).name);
    expect(names).toEqual(['Launch']);
  } finally {
    build.remove();
  }
});

test("onFetchError 'fail' stops the build when the API is down; 'warn' ships pages unchanged", async () => {
  const down = createHttpServer((_request, response) => {
    response.writeHead(503, { 'content-type': 'text/html' }).end('<html><body>Maintenance</body></html>');
  });
  await new Promise<void>((resolve) => down.listen(0, '127.0.0.1', resolve));
  const baseUrl = `http://127.0.0.1:${(down.address() as AddressInfo).port}/wp-json/schemafy/v1`;
  try {
    const failing = await buildFixture({
      fixture: 'site-basic',
      options: { retries: 0 },
      env: { SCHEMA_MANAGER_API: baseUrl },
    });
    expect(failing.exitCode).not.toBe(0);
    // Found when the build starts, before any page is rendered: one cause, once.
    expect(failing.log).toMatch(/The API at \S+ failed with 503 \S+\./);
    expect(failing.log.match(/failed with 503/g)).toHaveLength(1);
    expect(failing.log).toContain('onFetchError: "warn"');
    expect(failing.log).not.toMatch(/^\s+at /m);
    failing.remove();

    const warning = await buildFixture({
      fixture: 'site-basic',
      options: { retries: 0, onFetchError: 'warn' },
      env: { SCHEMA_MANAGER_API: baseUrl },
    });
    expect(warning.exitCode, warning.log).toBe(0);
    expect(warning.log).toContain('ship without API data');
    expect(warning.read('index.html')).not.toContain('data-schema-manager');
    warning.remove();
  } finally {
    down.close();
  }
});

test("onConflict 'page' keeps the page's own title, description and canonical, and adds the rest", async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    options: { onConflict: 'page', validate: 'warn' },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    const head = readHeadTags(build.read('about/index.html'));
    expect(head.values.title).toEqual(["About (page's own title)"]);
    expect(head.values['meta:description']).toEqual(["The page's own description"]);
    expect(head.values['link:canonical']).toEqual(['https://www.example.com/about/?from=page']);
    expect(head.values['property:og:title']).toEqual(["Page's own og title"]);
    expect(head.values['name:twitter:card']).toEqual(['summary']);
    expect(head.jsonLd).toHaveLength(1);
  } finally {
    build.remove();
  }
});

test('cmsUrl maps page URLs to the URLs the CMS stores', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    options: { validate: 'warn', report: 'report.json' },
    optionsSource: `cmsUrl: (url) => url === 'https://www.example.com/about/' ? 'https://cms.example.org/pages/about' : url`,
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    const names = readHeadTags(build.read('about/index.html')).jsonLd.map((text) => JSON.parse(text).name);
    expect(names).toEqual(['About, as the CMS knows it']);
  } finally {
    build.remove();
  }
});

test('an edit_posts user builds from the index of schemas, and is told meta and social are out of reach', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    options: { validate: 'warn', report: 'report.json' },
    env: { ...api.env, SCHEMA_MANAGER_USER: EDITOR.name, SCHEMA_MANAGER_PASSWORD: EDITOR.password },
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).toContain('lack manage_options');
    const head = readHeadTags(build.read('index.html'));
    expect(head.jsonLd).toHaveLength(1);
    expect(head.values.title).toEqual(['Home']);
  } finally {
    build.remove();
  }
});

test("a refused password with onFetchError 'warn' ships the public schemas, as without credentials, said once", async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    options: { validate: 'warn', onFetchError: 'warn' },
    env: { ...api.env, SCHEMA_MANAGER_PASSWORD: 'not the password' },
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log.match(/did not accept the credentials/g)).toHaveLength(1);
    expect(build.log).toContain(
      'Pages get only their public schemas, as without credentials, and no meta or social tags (onFetchError: "warn").',
    );
    expect(build.log).not.toContain('not the password');
    // The warning says what the pages lose; the usual note for a build without credentials would repeat it.
    expect(build.log).not.toContain('No credentials');
    const head = readHeadTags(build.read('blog/first/index.html'));
    expect(head.jsonLd).toHaveLength(1);
    // Meta needs manage_options: the page keeps its own title.
    expect(build.read('blog/first/index.html')).not.toMatch(/<title data-schema-manager>/);
  } finally {
    build.remove();
  }
});

test('without credentials, public /schemas-by-url per page still fills the JSON-LD', async () => {
  const build = await buildFixture({
    fixture: 'site-basic',
    options: { validate: 'warn', report: 'report.json' },
    env: { SCHEMA_MANAGER_API: api.baseUrl },
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    expect(build.log).toContain('No credentials');
    expect(readHeadTags(build.read('blog/first/index.html')).jsonLd).toHaveLength(1);
    expect(build.log).toMatch(/page by page/);
  } finally {
    build.remove();
  }
});

test('graph, URL rewriting, exclude and remoteValidate in one build', async () => {
  const apiOrigin = new URL(api.baseUrl).origin;
  const client = createClient({ baseUrl: api.baseUrl, username: ADMIN.name, password: ADMIN.password });
  await client.schemas.create({
    url: `${SITE}/`,
    schema_type: 'WebPage',
    schema_name: 'Home page',
    schema_data: {
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: 'Home',
      url: `${apiOrigin}/?p=1#top`,
      primaryImageOfPage: { '@type': 'ImageObject', url: `${apiOrigin}/wp-content/uploads/home.jpg` },
    },
  });
  await client.close();
  const build = await buildFixture({
    fixture: 'site-basic',
    options: {
      graph: true,
      exclude: ['/blog/first/'],
      remoteValidate: true,
      validate: 'warn',
      report: 'report.json',
    },
    env: api.env,
  });
  try {
    expect(build.exitCode, build.log).toBe(0);
    const scripts = readHeadTags(build.read('index.html')).jsonLd.map((text) => JSON.parse(text));
    expect(scripts).toHaveLength(1);
    const graph = scripts[0]['@graph'];
    expect(graph.map((node: { '@type': string }) => node['@type'])).toEqual(['Organization', 'WebPage']);
    expect(graph[1].url).toBe(`${SITE}/?p=1#top`);
    expect(graph[1].primaryImageOfPage.url).toBe(`${apiOrigin}/wp-content/uploads/home.jpg`);

    expect(build.read('blog/first/index.html')).not.toContain('data-schema-manager');

    const report = JSON.parse(readFileSync(join(build.root, 'report.json'), 'utf8'));
    const remote = report.findings.filter((finding: { code: string }) => finding.code.startsWith('remote:'));
    expect(remote.length).toBeGreaterThan(0);
    expect(remote.every((finding: { page: string }) => finding.page === `${SITE}/blog/`)).toBe(true);
  } finally {
    build.remove();
  }
});

test('a wrong password or a wrong API address fails once, with the cause, not once per page', async () => {
  const refused = await buildFixture({
    fixture: 'site-basic',
    env: { ...api.env, SCHEMA_MANAGER_PASSWORD: 'not the password' },
  });
  try {
    expect(refused.exitCode).not.toBe(0);
    // In the server's own words (WordPress says the same for a wrong application password).
    expect(refused.log).toContain(
      `did not accept the credentials of user "${ADMIN.name}" (it answered 401 incorrect_password: `,
    );
    expect(refused.log.match(/did not accept the credentials/g)).toHaveLength(1);
    expect(refused.log).toContain('Authorization header');
    expect(refused.log).not.toContain('not the password');
    expect(refused.log).not.toContain('generating static routes');
    expect(refused.log).not.toMatch(/^\s+at /m);
  } finally {
    refused.remove();
  }

  const nowhere = await buildFixture({
    fixture: 'site-basic',
    env: { ...api.env, SCHEMA_MANAGER_API: api.baseUrl.replace('/schemafy/', '/elsewhere/') },
  });
  try {
    expect(nowhere.exitCode).not.toBe(0);
    expect(nowhere.log).toMatch(
      /No Schema Management API answers at http:\S+: WordPress answers there, but without this namespace/,
    );
    // Said once, not repeated inside its own parentheses.
    expect(nowhere.log.match(/no Schema Management API answers at/gi)).toHaveLength(1);
    expect(nowhere.log).toContain('<site>/wp-json/<namespace>/v1');
  } finally {
    nowhere.remove();
  }
});
