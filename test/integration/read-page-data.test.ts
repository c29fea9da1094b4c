// Per-page reads find a page whichever trailing slash and spelling of escapes the CMS stored its URL with, and
// a page stored in the form last seen costs one round of requests, as an exact match would. The build's read-ahead asks each page
// once and stops asking once the API is found gone.
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createClient, type SchemaClient } from '../../src/client/index.ts';
import type { PageData } from '../../src/integration/page-data.ts';
import { pageReader, readAhead } from '../../src/integration/read-page-data.ts';
import { ADMIN, basicSeed, type RunningApi, SITE, startApi } from './support/api.ts';

let api: RunningApi;
let client: SchemaClient;

beforeAll(async () => {
  const seed = basicSeed();
  // WordPress-style: stored with the slash; these two without it, as another CMS might store them.
  for (const record of seed.schemas ?? []) {
    if (record.url.endsWith('/blog/second/')) record.url = `${SITE}/blog/second`;
  }
  seed.meta?.push({ url: `${SITE}/contact`, title: 'Contact from the API' });
  api = await startApi(seed);
  client = createClient({ baseUrl: api.baseUrl, username: ADMIN.name, password: ADMIN.password });
  await client.probe();
});

afterAll(async () => {
  await client?.close();
  await api?.close();
});

test('a page is found under either trailing slash; a hit in the expected form costs one round', async () => {
  const read = pageReader(client, true);
  const cost = async (url: string) => {
    const before = client.stats().requests;
    const data = await read(url);
    return { data, requests: client.stats().requests - before };
  };
  // Asked without the slash, stored with it: the page's own form first, then the other.
  const about = await cost(`${SITE}/about`);
  expect(about.data.meta?.title).toBe('About from the API');
  expect(about.data.social?.og.title).toBe('About og from the API');
  expect(about.requests).toBe(6);
  // The CMS's form is now known and asked first: one round (schemas, meta, social), as an exact match.
  const first = await cost(`${SITE}/blog/first`);
  expect(first.data.schemas.map((r) => r.schema_name)).toEqual(['First post']);
  expect(first.requests).toBe(3);
  expect((await cost(`${SITE}/blog/first/`)).requests).toBe(3);
  // Stored without the slash against the habit: still found, in a second round.
  const second = await cost(`${SITE}/blog/second/`);
  expect(second.data.schemas.map((r) => r.schema_name)).toEqual(['Second post']);
  expect(second.requests).toBe(6);
  const contact = await read(`${SITE}/contact/`);
  expect(contact.meta?.title).toBe('Contact from the API');
  // A page the CMS knows nothing of: empty, after asking both forms.
  expect(await read(`${SITE}/nowhere/`)).toEqual({
    schemas: [],
    meta: expect.anything(),
    social: expect.anything(),
  });
});

test('a page with characters outside ASCII is found whichever way the CMS spelled its escapes', async () => {
  // As WordPress makes permalinks (small hex), as typed by hand (decoded), as a sitemap has it (capital hex).
  const spelled = await startApi({
    meta: [
      { url: `${SITE}/caf%c3%a9/`, title: 'Café (small hex)' },
      { url: `${SITE}/%d0%b1%d0%bb%d0%be%d0%b3/`, title: 'Blog (small hex)' },
      { url: `${SITE}/блог/мир/`, title: 'Peace (decoded)' },
      { url: `${SITE}/na%C3%AFve/`, title: 'Naïve (capital hex)' },
      { url: `${SITE}/блог/без`, title: 'Without (decoded, no slash)' },
    ],
  });
  const own = createClient({ baseUrl: spelled.baseUrl, username: ADMIN.name, password: ADMIN.password });
  try {
    await own.probe();
    const read = pageReader(own, true);
    const cost = async (path: string) => {
      const before = own.stats().requests;
      // The page's URL as the build and the request-time pass give it: capital hex.
      const data = await read(new URL(path, SITE).href);
      return { title: data.meta?.title ?? null, requests: own.stats().requests - before };
    };
    // The server compares hex digits without case, as WordPress's database does: found as given, one round.
    expect(await cost('/café/')).toEqual({ title: 'Café (small hex)', requests: 3 });
    // The CMS's spelling is now known and asked first: one round.
    expect(await cost('/блог/')).toEqual({ title: 'Blog (small hex)', requests: 3 });
    // Spelled otherwise against the habit: still found.
    expect(await cost('/блог/мир/')).toEqual({ title: 'Peace (decoded)', requests: 6 });
    expect(await cost('/naïve/')).toEqual({ title: 'Naïve (capital hex)', requests: 6 });
    // Every spelling with the page's slash, then with the other (capital hex, then decoded): five rounds.
    expect(await cost('/блог/без/')).toEqual({ title: 'Without (decoded, no slash)', requests: 15 });
    // A plain ASCII path has one spelling: two rounds when the CMS has nothing, as before.
    expect(await cost('/nowhere/')).toEqual({ title: null, requests: 6 });
  } finally {
    await own.close();
    await spelled.close();
  }
});

test('against a store that compares URLs exactly, the small-hex spelling is asked too', async () => {
  const stored = new Map([[`${SITE}/caf%c3%a9/`, 'Café (small hex)']]);
  let requests = 0;
  const answer = <T>(value: T) => {
    requests++;
    return Promise.resolve(value);
  };
  const exact = {
    schemasByUrl: () => answer([]),
    meta: { get: (url: string) => answer({ url, title: stored.get(url) ?? null }) },
    social: { get: (url: string) => answer({ url, og: {}, twitter: {} }) },
  } as unknown as SchemaClient;
  const read = pageReader(exact, true);
  // Asked as given, then decoded, then with small hex (each with the page's own slash first): three rounds.
  const data = await read(`${SITE}/caf%C3%A9/`);
  expect({ title: data.meta?.title, requests }).toEqual({ title: 'Café (small hex)', requests: 9 });
  // The CMS's spelling is now known and asked first: one round.
  stored.set(`${SITE}/na%c3%afve/`, 'Naïve (small hex)');
  requests = 0;
  expect((await read(`${SITE}/na%C3%AFve/`)).meta?.title).toBe('Naïve (small hex)');
  expect(requests).toBe(3);
});

describe('readAhead', () => {
  const data: PageData = { schemas: [], meta: null, social: null };
  const gone = new Error('gone');
  const refused = new Error('403');
  const isGone = (error: unknown) => error === gone;

  test('reads each URL once, at most `concurrency` at a time, and gives the same answer to every caller', async () => {
    let running = 0;
    let most = 0;
    const asked: string[] = [];
    const ahead = readAhead(
      async (url) => {
        asked.push(url);
        most = Math.max(most, ++running);
        await new Promise((resolve) => setTimeout(resolve, 5));
        running--;
        return { ...data, schemas: [] };
      },
      2,
      isGone,
    );
    const urls = ['a', 'b', 'c', 'd', 'e'];
    const first = urls.map((url) => ahead.read(url));
    const again = await Promise.all(urls.map((url) => ahead.read(url)));
    expect(await Promise.all(first)).toEqual(again);
    expect((await first[0]) === again[0]).toBe(true);
    expect(asked).toEqual(urls);
    expect(most).toBe(2);
    expect(ahead.counts()).toEqual({ asked: 5, answered: 5, failed: 0 });
  });

  test('after three pages in a row find the API gone, pages not yet asked fail at once with that failure', async () => {
    const asked: string[] = [];
    const ahead = readAhead(
      async (url) => {
        asked.push(url);
        throw url === 'ok' ? refused : gone;
      },
      1,
      isGone,
    );
    const results = await Promise.allSettled(['x1', 'x2', 'x3', 'x4', 'x5'].map((url) => ahead.read(url)));
    expect(results.map((result) => result.status === 'rejected' && result.reason)).toEqual([
      gone,
      gone,
      gone,
      gone,
      gone,
    ]);
    expect(asked).toEqual(['x1', 'x2', 'x3']);
    expect(ahead.counts()).toEqual({ asked: 5, answered: 0, failed: 5 });
  });

  test('an answer or another kind of failure between two gone ones starts the count again', async () => {
    const answers = new Map<string, unknown>([
      ['g1', gone],
      ['g2', gone],
      ['ok', null],
      ['g3', gone],
      ['g4', gone],
      ['no', refused],
      ['g5', gone],
      ['g6', gone],
      ['last', null],
    ]);
    const asked: string[] = [];
    const ahead = readAhead(
      async (url) => {
        asked.push(url);
        const answer = answers.get(url);
        if (answer) throw answer;
        return data;
      },
      1,
      isGone,
    );
    await Promise.allSettled([...answers.keys()].map((url) => ahead.read(url)));
    expect(asked).toEqual([...answers.keys()]);
    expect(ahead.counts()).toEqual({ asked: 9, answered: 2, failed: 7 });
  });
});
