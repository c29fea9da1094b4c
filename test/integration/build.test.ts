import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { resolveOptions } from '../../src/integration/options.ts';
import { probeApi } from '../../src/integration/probe-api.ts';
import { processBuild } from '../../src/integration/process-build.ts';
import { ADMIN, basicSeed, type RunningApi, startApi } from './support/api.ts';
import { buildFixture, type FixtureBuild, listFiles } from './support/build-fixture.ts';

let api: RunningApi;
let build: FixtureBuild;
const fixtureSource = join(import.meta.dirname, '../fixtures/site-basic');

beforeAll(async () => {
  api = await startApi(basicSeed());
  build = await buildFixture({
    fixture: 'site-basic',
    astro: { redirects: { '/old': '/blog/first' } },
    options: { report: 'reports/schemas.json' },
    env: api.env,
  });
  if (build.exitCode !== 0) throw new Error(`astro build failed:\n${build.log}`);
});

afterAll(async () => {
  build?.remove();
  await api?.close();
});

function jsonLd(html: string): unknown[] {
  return readHeadTags(html).jsonLd.map((text) => JSON.parse(text));
}

describe('a static build against the reference server', () => {
  test('writes each page its schemas, exactly as the API holds them', () => {
    const seed = basicSeed();
    const home = build.read('index.html');
    expect(jsonLd(home)).toEqual([seed.schemas?.[0]?.schema_data]);
    expect(jsonLd(build.read('blog/first/index.html'))).toEqual([seed.schemas?.[1]?.schema_data]);
    expect(jsonLd(build.read('blog/second/index.html'))).toEqual([seed.schemas?.[2]?.schema_data]);
    expect(jsonLd(build.read('blog/index.html'))).toEqual([]);
  });

  test('writes title, description and robots from /meta, once each', () => {
    const head = readHeadTags(build.read('index.html'));
    expect(head.values.title).toEqual(['Home from the API']);
    expect(head.values['meta:description']).toEqual(['Home description from the API']);
    expect(head.values['meta:robots']).toEqual(['index, follow']);
  });

  test("replaces the page's own title, description, canonical and og:title when the API has them", () => {
    const html = build.read('about/index.html');
    const head = readHeadTags(html);
    expect(head.values.title).toEqual(['About from the API']);
    expect(head.values['meta:description']).toEqual(['About description from the API']);
    expect(head.values['link:canonical']).toEqual(['https://www.example.com/about/']);
    expect(head.values['property:og:title']).toEqual(['About og from the API']);
    expect(head.values['name:twitter:card']).toEqual(['summary']);
    expect(html).not.toContain("The page's own description");
  });

  test('keeps <meta charset> the first thing in the head', () => {
    for (const file of ['index.html', 'about/index.html', 'blog/first/index.html', '404.html']) {
      expect(readHeadTags(build.read(file)).charsetFirst, file).toBe(true);
    }
  });

  test('gives the 404 page its meta', () => {
    const head = readHeadTags(build.read('404.html'));
    expect(head.values.title).toEqual(['Not found (API)']);
    expect(head.values['meta:robots']).toEqual(['noindex']);
  });

  test('leaves redirects, endpoints and files from public/ alone', () => {
    expect(build.read('old/index.html')).not.toContain('data-schema-manager');
    expect(build.read('feed.html')).toBe('<html><head><title>feed</title></head><body></body></html>');
    expect(build.read('static.html')).toBe(readFileSync(join(fixtureSource, 'public/static.html'), 'utf8'));
    expect(build.read('api/data.json')).toBe('{"ok":true}');
  });

  test('stages the pages already on disk while Astro renders the rest, and leaves no staged file behind', () => {
    // Astro renders one page at a time: each page is staged once the next starts, the last once rendering ends.
    const early = Number(/(\d+) pages? planned and staged as Astro rendered them\./.exec(build.log)?.[1]);
    expect(early).toBe(6);
    expect(listFiles(join(build.root, 'dist')).filter((file) => file.endsWith('.tmp'))).toEqual([]);
  });

  test('logs a summary and writes the report', () => {
    expect(build.log).toMatch(/6 pages: \d+ rewritten, 4 with schemas, \d+ tags written\./);
    expect(build.log).toContain('Schemas: AboutPage 1, Article 2, Organization 1.');
    // Every request the build made, the probe's too: one list page each of /schemas, /meta and /social.
    expect(build.log).toMatch(/6 API requests \(3 to probe the API, then the whole index in list requests\)/);
    const report = JSON.parse(readFileSync(join(build.root, 'reports/schemas.json'), 'utf8'));
    expect(report.pages).toBe(6);
    expect(report.strategy).toBe('index');
    // The Schema.org release the schemas were validated against, in the log and the report.
    expect(build.log).toContain('Validated against Schema.org 30.0.');
    expect(report.vocabulary).toBe('Schema.org 30.0');
    expect(report.pageResults.map((page: { url: string }) => page.url)).toEqual([
      'https://www.example.com/404',
      'https://www.example.com/about/',
      'https://www.example.com/blog/first/',
      'https://www.example.com/blog/',
      'https://www.example.com/blog/second/',
      'https://www.example.com/',
    ]);
    expect(report.pageResults.map((page: { file: string }) => page.file)).toEqual([
      '404.html',
      'about/index.html',
      'blog/first/index.html',
      'blog/index.html',
      'blog/second/index.html',
      'index.html',
    ]);
  });

  test('keeps the credentials out of every built file and the log', () => {
    const secrets = [
      ADMIN.password,
      ADMIN.password.replaceAll(' ', ''),
      Buffer.from(`${ADMIN.name}:${ADMIN.password}`).toString('base64'),
    ];
    for (const file of listFiles(build.root).filter((name) => !name.startsWith('node_modules/'))) {
      const content = readFileSync(join(build.root, file), 'latin1');
      for (const secret of secrets)
        expect(content.includes(secret), `${file} contains a credential`).toBe(false);
    }
    for (const secret of secrets) expect(build.log).not.toContain(secret);
  });

  test('a second rewrite over the same dist/ changes nothing', async () => {
    const files = listFiles(build.outDir).filter((file) => file.endsWith('.html'));
    const before = new Map(files.map((file) => [file, build.read(file)]));
    const logs: string[] = [];
    const logger = {
      info: (line: string) => logs.push(line),
      warn: (line: string) => logs.push(line),
      error: (line: string) => logs.push(line),
      debug: () => {},
      options: {},
      label: 'test',
      fork: () => logger,
    };
    const result = await processBuild({
      options: resolveOptions({}, api.env),
      layout: {
        site: 'https://www.example.com',
        base: '/',
        format: 'directory',
        trailingSlash: 'ignore',
        fallbackType: null,
      },
      routes: [],
      pathnames: ['', '404', 'about/', 'blog/', 'blog/first/', 'blog/second/'],
      outDir: new URL(`file://${build.outDir}/`),
      root: new URL(`file://${build.root}/`),
      logger: logger as never,
      probe: await probeApi(resolveOptions({}, api.env), () => {}),
    });
    expect(result.pages).toBe(6);
    expect(result.pagesChanged).toBe(0);
    for (const file of files) expect(build.read(file), file).toBe(before.get(file));
  });
});
