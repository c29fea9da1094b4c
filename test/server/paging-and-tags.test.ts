import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { schema, startServer, type TestServer } from './harness.ts';

let server: TestServer;
beforeAll(async () => {
  server = await startServer();
  for (let i = 1; i <= 7; i++) await server.call('POST', '/schemas', { body: schema(`/page/${i}/`) });
  for (let i = 1; i <= 3; i++) {
    await server.call('POST', '/meta', { body: { url: `https://example.com/m${i}/`, title: `T${i}` } });
    await server.call('POST', '/social', {
      body: { url: `https://example.com/s${i}/`, og: { title: `O${i}` } },
    });
  }
});
afterAll(() => server.close());

describe('paging', () => {
  test('totals, pages and Link headers', async () => {
    const first = await server.call('GET', '/schemas?per_page=3');
    expect(first.body).toHaveLength(3);
    expect(first.headers.get('x-wp-total')).toBe('7');
    expect(first.headers.get('x-wp-totalpages')).toBe('3');
    expect(first.headers.get('link')).toMatch(/page=2>; rel="next"/);
    const last = await server.call('GET', '/schemas?per_page=3&page=3');
    expect(last.body.map((r: { url: string }) => r.url)).toEqual(['https://example.com/page/7/']);
    expect(last.headers.get('link')).toMatch(/page=2>; rel="prev"/);
    expect(last.headers.get('link')).not.toMatch(/next/);
  });

  test('a page past the end is an empty array with the true totals', async () => {
    const past = await server.call('GET', '/schemas?per_page=3&page=9');
    expect(past.status).toBe(200);
    expect(past.body).toEqual([]);
    expect(past.headers.get('x-wp-total')).toBe('7');
    expect(past.headers.get('x-wp-totalpages')).toBe('3');
  });

  test('filters and order', async () => {
    const search = await server.call('GET', '/schemas?search=page/3');
    expect(search.body.map((r: { url: string }) => r.url)).toEqual(['https://example.com/page/3/']);
    const desc = await server.call('GET', '/schemas?orderby=url&order=desc&per_page=2');
    expect(desc.body.map((r: { url: string }) => r.url)).toEqual([
      'https://example.com/page/7/',
      'https://example.com/page/6/',
    ]);
    const typed = await server.call('GET', '/schemas?schema_type=Article');
    expect(typed.body).toEqual([]);
    expect(typed.headers.get('x-wp-totalpages')).toBe('0');
    const wildcard = await server.call('GET', '/schemas?search=%25');
    expect(wildcard.body).toEqual([]);
  });

  test('/meta and /social list forms page the same way', async () => {
    const meta = await server.call('GET', '/meta?per_page=2&page=2');
    expect(meta.body).toEqual([
      {
        url: 'https://example.com/m3/',
        title: 'T3',
        description: null,
        robots: null,
        canonical: null,
        keywords: null,
      },
    ]);
    expect(meta.headers.get('x-wp-total')).toBe('3');
    const social = await server.call('GET', '/social?per_page=2');
    expect(social.body).toHaveLength(2);
    expect(social.headers.get('x-wp-totalpages')).toBe('2');
    expect(social.body[0].og.title).toBe('O1');
  });
});

describe('meta and social', () => {
  test('an unknown URL answers the full shape with nulls', async () => {
    const meta = await server.call('GET', '/meta?url=https://example.com/unknown/');
    expect(meta.body).toEqual({
      url: 'https://example.com/unknown/',
      title: null,
      description: null,
      robots: null,
      canonical: null,
      keywords: null,
    });
    const social = await server.call('GET', '/social?url=https://example.com/unknown/');
    expect(Object.values(social.body.og).every((v) => v === null)).toBe(true);
    expect(Object.keys(social.body.twitter)).toEqual([
      'card',
      'title',
      'description',
      'image',
      'image_alt',
      'site',
      'creator',
    ]);
  });

  test('POST writes only the given fields; null and "" clear one', async () => {
    const url = 'https://example.com/partial/';
    await server.call('POST', '/meta', {
      body: { url, title: 'Title', description: 'Desc', robots: 'noindex' },
    });
    const after = await server.call('POST', '/meta', {
      body: { url, description: null, robots: '', keywords: 'k' },
    });
    expect(after.body).toEqual({
      url,
      title: 'Title',
      description: null,
      robots: null,
      canonical: null,
      keywords: 'k',
    });
    expect((await server.call('GET', `/meta?url=${url}`)).body).toEqual(after.body);

    await server.call('POST', '/social', {
      body: { url, og: { title: 'OG', image: 'https://example.com/i.png' } },
    });
    const social = await server.call('POST', '/social', {
      body: { url, og: { image: '' }, twitter: { card: 'summary' } },
    });
    expect(social.body.og).toMatchObject({ title: 'OG', image: null });
    expect(social.body.twitter.card).toBe('summary');
    expect((await server.call('GET', `/social?url=${url}`)).body).toEqual(social.body);
  });

  test('a URL is found whatever the case of its letters, as WordPress finds it; writes keep the stored one', async () => {
    const stored = 'https://example.com/Case/Study/';
    const asked = 'https://example.com/case/study/';
    await server.call('POST', '/schemas', { body: schema('/Case/Study/') });
    await server.call('POST', '/meta', { body: { url: stored, title: 'Stored' } });
    await server.call('POST', '/social', { body: { url: stored, og: { title: 'OG' } } });

    const byUrl = await server.call('GET', `/schemas-by-url?url=${encodeURIComponent(asked)}`);
    expect(byUrl.body.map((record: { url: string }) => record.url)).toEqual([stored]);
    const listed = await server.call('GET', `/schemas?url=${encodeURIComponent(asked)}`);
    expect(listed.headers.get('x-wp-total')).toBe('1');
    // Asked by another spelling, the answer names the URL asked for, as WordPress's does.
    expect((await server.call('GET', `/meta?url=${asked}`)).body).toMatchObject({
      url: asked,
      title: 'Stored',
    });
    expect((await server.call('GET', `/social?url=${asked}`)).body.og.title).toBe('OG');

    // A write under another case changes the stored row: no second row for the same page.
    await server.call('POST', '/meta', {
      body: { url: 'https://example.com/CASE/STUDY/', description: 'D' },
    });
    await server.call('POST', '/social', { body: { url: asked, twitter: { card: 'summary' } } });
    const meta = await server.call('GET', '/meta?per_page=100');
    expect(meta.body.filter((tags: { url: string }) => tags.url.toLowerCase() === asked)).toEqual([
      { url: stored, title: 'Stored', description: 'D', robots: null, canonical: null, keywords: null },
    ]);
    const social = await server.call('GET', '/social?per_page=100');
    const rows = social.body.filter((tags: { url: string }) => tags.url.toLowerCase() === asked);
    expect(rows.map((tags: { url: string }) => tags.url)).toEqual([stored]);
    expect(rows[0].og.title).toBe('OG');
    expect(rows[0].twitter.card).toBe('summary');
    // The path's other characters still tell pages apart.
    expect((await server.call('GET', '/meta?url=https://example.com/case-study/')).body.title).toBeNull();
  });
});
