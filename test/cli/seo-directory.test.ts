import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it, onTestFinished } from 'vitest';
import type { SchemaFile } from '../../src/cli/pull.ts';
import {
  fromPageFiles,
  PageFileError,
  pageFilePath,
  readPageFiles,
  toPageFiles,
} from '../../src/cli/seo-directory.ts';
import { writePageFileTree } from '../../src/cli/seo-files.ts';

const SITE = 'https://www.example.com';

describe('pageFilePath', () => {
  it('mirrors the URL: host, path, .json, and index.json for the root', () => {
    expect(pageFilePath(`${SITE}/`)).toBe('www.example.com/index.json');
    expect(pageFilePath(`${SITE}/blog/hello/`)).toBe('www.example.com/blog/hello.json');
    expect(pageFilePath(`${SITE}/blog/hello`)).toBe('www.example.com/blog/hello.json');
    expect(pageFilePath('http://localhost:4321/a')).toBe('localhost%3A4321/a.json');
  });

  it('keeps every name inside the directory and portable', () => {
    expect(pageFilePath(`${SITE}/caf%C3%A9/a%2Fb/`)).toBe(
      'www.example.com/café/a%2Fb.json'.replace('é', '%C3%A9'),
    );
    // The URL parser resolves dot segments, encoded or not, before a name is made.
    expect(pageFilePath(`${SITE}/%2E%2E/%2E%2E/etc/passwd`)).toBe('www.example.com/etc/passwd.json');
    expect(pageFilePath(`${SITE}/a/..%2F..%2Fb`)).toBe('www.example.com/a/..%2F..%2Fb.json');
    expect(pageFilePath(`${SITE}/?p=12&x=a b`)).toBe('www.example.com/index~p=12&x=a%20b.json');
    expect(pageFilePath('not a url/..')).toBe('_relative/not%20a%20url%2F...json');
  });

  it('never writes a name Windows keeps for a device or drops a dot from', () => {
    // `con.json` opens the console on Windows, `aux/` is no folder, and `v1./` would be the folder `v1/`.
    expect(pageFilePath(`${SITE}/con/`)).toBe('www.example.com/%63on.json');
    expect(pageFilePath(`${SITE}/docs/AUX/com1.txt`)).toBe('www.example.com/docs/%41UX/%63om1.txt.json');
    expect(pageFilePath(`${SITE}/api/v1./x`)).toBe('www.example.com/api/v1%2E/x.json');
    // Names that only begin like one stay as they are.
    expect(pageFilePath(`${SITE}/console/null/com10/`)).toBe('www.example.com/console/null/com10.json');
  });

  it('shortens a name too long for a file system, keeping one name per page', () => {
    // The server takes URLs of 2,048 characters: a 400-character segment made pull fail with ENAMETOOLONG.
    const long = pageFilePath(`${SITE}/${'a'.repeat(400)}/`);
    const other = pageFilePath(`${SITE}/${'a'.repeat(399)}b/`);
    for (const path of [long, other]) {
      for (const name of path.split('/')) expect(Buffer.byteLength(name)).toBeLessThanOrEqual(185);
    }
    expect(long).toMatch(/^www\.example\.com\/a{120}~[0-9a-f]{16}\.json$/);
    expect(long).not.toBe(other);
  });

  it('keeps a host of dots inside the directory, and a path too deep to open in one name', () => {
    // URL parsing takes `..` as a host: its file went to seo/../package.json, over the project's package.json.
    expect(pageFilePath('https://../package')).toBe('%2E%2E/package.json');
    expect(pageFilePath('https://./a/')).toBe('%2E/a.json');
    // 600 folders deep is 4,800 bytes of path, past what file systems open (ENAMETOOLONG).
    const deep = pageFilePath(`${SITE}/x/${'segment/'.repeat(600)}`);
    expect(deep).toMatch(/^www\.example\.com\/x%2Fsegment%2Fsegment\S*~[0-9a-f]{16}\.json$/);
    expect(Buffer.byteLength(deep)).toBeLessThan(200);
    expect(deep).not.toBe(pageFilePath(`${SITE}/x/${'segment/'.repeat(601)}`));
  });
});

describe('writePageFileTree', () => {
  it('writes nothing when a page file would land outside the directory', async () => {
    const dir = await mkdtemp(join(tmpdir(), 'page-tree-'));
    onTestFinished(() => rm(dir, { recursive: true, force: true }));
    const files = [
      { path: 'www.example.com/a.json', url: `${SITE}/a/`, text: '{}\n' },
      { path: '../package.json', url: 'https://../package', text: '{}\n' },
    ];
    await expect(writePageFileTree(join(dir, 'seo'), files, { removeOthers: true })).rejects.toThrow(
      'The page file of https://../package would be written outside',
    );
    expect(await readdir(dir)).toEqual([]);
    // A name that only begins with two dots is inside.
    const inside = [{ path: '..abc/index.json', url: 'https://..abc/', text: '{}\n' }];
    await writePageFileTree(join(dir, 'seo'), inside, { removeOthers: false });
    expect(await readdir(join(dir, 'seo'))).toEqual(['..abc']);
  });
});

describe('toPageFiles and fromPageFiles', () => {
  const pull: SchemaFile = {
    schemas: [
      {
        url: `${SITE}/`,
        schema_type: 'WebSite',
        schema_name: 'Site',
        schema_data: { '@context': 'https://schema.org', '@type': 'WebSite', name: 'S' },
        is_active: true,
      },
      {
        url: `${SITE}/blog/hello/`,
        schema_type: 'Article',
        schema_name: 'Hello',
        schema_data: '{not json',
        is_active: false,
      },
      {
        url: `${SITE}/blog/hello`,
        schema_type: 'Article',
        schema_name: 'Other',
        schema_data: { '@type': 'Article' },
        is_active: true,
      },
    ],
    meta: [{ url: `${SITE}/blog/hello/`, robots: 'noindex', title: 'Hello' }],
    social: [{ url: `${SITE}/`, twitter: { card: 'summary' }, og: { title: 'Site', description: null } }],
  };

  it('writes one file per URL with a fixed key order, and reads back the same entries', () => {
    const files = toPageFiles(pull);
    expect(files.map((file) => file.path)).toEqual([
      'www.example.com/blog/hello.json',
      'www.example.com/blog/hello~~2.json',
      'www.example.com/index.json',
    ]);
    const hello = JSON.parse(files[0]!.text);
    expect(Object.keys(hello)).toEqual(['url', 'schemas', 'meta']);
    expect(hello.url).toBe(`${SITE}/blog/hello/`);
    expect(Object.keys(hello.meta)).toEqual(['title', 'robots']);
    expect(Object.keys(hello.schemas[0])).toEqual(['schema_type', 'schema_name', 'is_active', 'schema_data']);
    const home = JSON.parse(files[2]!.text);
    expect(Object.keys(home.social)).toEqual(['og', 'twitter']);
    expect(files[2]!.text).toContain('"schema_data": {\n        "@context": "https://schema.org"');

    const back = fromPageFiles(files);
    const sort = <T extends { url: string }>(items: T[]) =>
      [...items].sort((a, b) => a.url.localeCompare(b.url));
    expect(sort(back.schemas)).toEqual(sort(pull.schemas));
    expect(back.meta).toEqual(pull.meta);
    expect(back.social).toEqual(pull.social);
    expect(readPageFiles(files).origins).toEqual([
      { path: 'www.example.com/blog/hello.json', index: 0 },
      { path: 'www.example.com/blog/hello~~2.json', index: 0 },
      { path: 'www.example.com/index.json', index: 0 },
    ]);
    // The same pull always gives the same bytes.
    expect(toPageFiles(back)).toEqual(files);
  });

  it('gives every page a file of its own, the same in every pull, on any file system', () => {
    const urls = [
      `${SITE}/noslash`,
      `${SITE}/noslash/`,
      `${SITE}/noslash~2/`,
      `${SITE}/noslash?2`,
      `${SITE}/y/`,
      `${SITE}/y.json/z/`,
      `${SITE}/About/`,
      `${SITE}/about/`,
      `${SITE}/`,
      `${SITE}/index/`,
      `${SITE}/a/b/`,
      `${SITE}/A/b/`,
    ];
    const fileOf = (order: string[]) =>
      toPageFiles({
        schemas: order.map((url) => ({ url, schema_type: 'Thing', schema_name: 'T', schema_data: {} })),
        meta: [],
        social: [],
      }).map((file) => [JSON.parse(file.text).url as string, file.path] as const);
    const files = fileOf(urls);
    expect(files).toHaveLength(urls.length);
    // Distinct even where letter case is not (macOS, Windows).
    expect(new Set(files.map(([, path]) => path.toLowerCase())).size).toBe(urls.length);
    // No file stands where another page's folder is.
    for (const [, path] of files)
      for (const [, other] of files)
        expect(other.toLowerCase().startsWith(`${path.toLowerCase()}/`)).toBe(false);
    // Whatever order the API lists them in.
    expect(new Map(fileOf([...urls].reverse()))).toEqual(new Map(files));
    expect(new Map(files).get(`${SITE}/noslash~2/`)).toBe('www.example.com/noslash%7E2.json');
    expect(new Map(files).get(`${SITE}/y.json/z/`)).toBe('www.example.com/y%2Ejson/z.json');
  });

  it('names the file and the field of an entry it cannot read', () => {
    expect(() => fromPageFiles([{ path: 'a.json', text: '{' }])).toThrow(/^a\.json: not JSON/);
    expect(() => fromPageFiles([{ path: 'b.json', text: '{"schemas":[]}' }])).toThrow(
      "b.json: url: must be the page's URL",
    );
    // Each entry is checked against the seed file's schema: the file and the field are named.
    expect(() =>
      fromPageFiles([
        { path: 'f.json', text: `{"url":"${SITE}/","schemas":[{"schema_data":{},"is_active":"yes"}]}` },
      ]),
    ).toThrow('f.json: schemas[0].is_active: Invalid input: expected boolean, received string');
    expect(() =>
      fromPageFiles([{ path: 'g.json', text: `{"url":"${SITE}/","meta":{"titel":"x"},"schema":[]}` }]),
    ).toThrow(
      'g.json: \n  meta: unknown field "titel" (did you mean "title"?)\n  (file): unknown field "schema" (did you mean "schemas"?)',
    );
    expect(() =>
      fromPageFiles([{ path: 'h.json', text: `{"url":"${SITE}/","schemas":[{"schema_data":5}]}` }]),
    ).toThrow('h.json: schemas[0].schema_data: expected the JSON-LD document');
    expect(() => fromPageFiles([{ path: 'c.json', text: '[]' }])).toThrow(PageFileError);
    const twice = `{"url":"${SITE}/"}`;
    expect(() =>
      fromPageFiles([
        { path: 'd.json', text: twice },
        { path: 'e.json', text: twice },
      ]),
    ).toThrow(`e.json: ${SITE}/ is also in d.json`);
  });
});
