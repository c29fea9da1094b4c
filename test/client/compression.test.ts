// Compressed answers over real HTTP: the client asks for gzip or Brotli and reads what a WordPress behind
// nginx's `gzip_types application/json` (or a CDN) sends; answers labelled with a coding they do not have fail
// naming it; a small answer that decodes to more than the size cap is refused; the build cache keeps and
// revalidates compressed answers.
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, expect, test } from 'vitest';
import { decodeBody } from '../../src/client/decode-body.ts';
import { CLIENT_ERROR_CODES } from '../../src/client/index.ts';
import { failure, record, scripted } from './scripted-server.ts';

const dir = mkdtempSync(join(tmpdir(), 'asm-client-compression-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

const listHeaders = {
  'content-type': 'application/json; charset=UTF-8',
  'x-wp-total': '1',
  'x-wp-totalpages': '1',
};

/** A list route answering `[record]` as `encode` makes it, with `coding` as its Content-Encoding. */
function encodedList(coding: string, encode: (json: string) => Buffer) {
  return scripted((route, _req, res) => {
    if (!route.startsWith('GET /schemas')) return { status: 404, body: { code: 'rest_no_route' } };
    res.writeHead(200, { ...listHeaders, 'content-encoding': coding, vary: 'Accept-Encoding' });
    res.end(encode(JSON.stringify([record])));
    return undefined;
  });
}

test('a gzip answer is read, and every request says which codings the client reads', async () => {
  const api = await encodedList('gzip', (json) => gzipSync(json));
  try {
    const page = await api.client.schemas.list({ per_page: 100 });
    expect(page.items.map((item) => item.schema_name)).toEqual(['Hello post']);
    expect(api.server.requests.map((request) => request.headers['accept-encoding'])).toEqual(['gzip, br']);
  } finally {
    await api.close();
  }
});

test('Brotli, and two codings stacked, are undone in the reverse of the order applied', async () => {
  for (const [coding, encode] of [
    ['br', (json: string) => brotliCompressSync(json)],
    ['gzip, br', (json: string) => brotliCompressSync(gzipSync(json))],
  ] as const) {
    const api = await encodedList(coding, encode);
    try {
      const page = await api.client.schemas.list({ per_page: 100 });
      expect(page.items[0]?.id).toBe(12);
    } finally {
      await api.close();
    }
  }
});

test('an answer labelled gzip and sent plain fails naming the coding, the status and where to look', async () => {
  const api = await encodedList('gzip', (json) => Buffer.from(json));
  try {
    const error = await failure(api.client.schemas.list({ per_page: 100 }));
    expect(error.code).toBe(CLIENT_ERROR_CODES.undecodable);
    expect(error.serverMessage).toMatch(/gzip-compressed \(Content-Encoding\) and is not: .*\(HTTP 200\)/);
    expect(error.hint).toMatch(/curl -i --compressed/);
    // The server answered: the message does not say it did not.
    expect(error.message).toContain('(undecodable_response at GET http://');
    // What a server sent wrongly is sent wrongly again: it is asked once.
    expect(api.server.requests).toHaveLength(1);
  } finally {
    await api.close();
  }
});

test('a coding the client never asked for is named, not taken for text', async () => {
  const api = await encodedList('compress', (json) => Buffer.from(json));
  try {
    const error = await failure(api.client.schemas.list({ per_page: 100 }));
    expect(error.code).toBe(CLIENT_ERROR_CODES.undecodable);
    expect(error.serverMessage).toMatch(/encoded as 'compress'.*cannot read/);
  } finally {
    await api.close();
  }
});

test('a 40 KB answer that decodes to 50 MB is refused as over the size cap, before it is all in memory', async () => {
  const bomb = gzipSync(Buffer.alloc(50 * 1024 * 1024, 0x20));
  expect(bomb.length).toBeLessThan(100_000);
  const api = await scripted(
    (_route, _req, res) => {
      res.writeHead(200, { ...listHeaders, 'content-encoding': 'gzip' });
      res.end(bomb);
      return undefined;
    },
    { maxResponseBytes: 1_000_000 },
  );
  try {
    const error = await failure(api.client.schemas.list({ per_page: 100 }));
    expect(error.code).toBe(CLIENT_ERROR_CODES.responseTooLarge);
    expect(error.serverMessage).toBe('the answer is larger than 1000000 bytes');
  } finally {
    await api.close();
  }
});

test('decodeBody leaves plain, identity and empty bodies alone and refuses codings stacked past three', async () => {
  const plain = Buffer.from('{}');
  expect(await decodeBody(plain, undefined, 100)).toBe(plain);
  expect(await decodeBody(plain, 'identity', 100)).toBe(plain);
  // A 304 or a HEAD answer names the coding of a body it does not carry.
  expect(await decodeBody(Buffer.alloc(0), 'gzip', 100)).toEqual(Buffer.alloc(0));
  expect((await decodeBody(gzipSync(plain), ['GZIP'], 100)).toString()).toBe('{}');
  await expect(decodeBody(plain, 'gzip, gzip, gzip, gzip', 100)).rejects.toThrow(/4 times over/);
});

test('the build cache keeps a gzip answer and serves it again after a 304', async () => {
  const seen: string[] = [];
  const api = await scripted(
    (route, req, res) => {
      if (!route.startsWith('GET /schemas')) return { status: 404, body: { code: 'rest_no_route' } };
      const headers = { ...listHeaders, etag: '"v1"', vary: 'Accept-Encoding', 'cache-control': 'no-cache' };
      if (req.headers['if-none-match'] === '"v1"') {
        seen.push('conditional');
        res.writeHead(304, headers);
        res.end();
        return undefined;
      }
      seen.push('full');
      res.writeHead(200, { ...headers, 'content-encoding': 'gzip' });
      res.end(gzipSync(JSON.stringify([record])));
      return undefined;
    },
    { cacheFile: join(dir, 'gzip.sqlite') },
  );
  try {
    for (let read = 0; read < 3; read++) {
      const page = await api.client.schemas.list({ per_page: 100 });
      expect(page.items.map((item) => item.id)).toEqual([12]);
    }
    expect(seen).toEqual(['full', 'conditional', 'conditional']);
  } finally {
    await api.close();
  }
});
