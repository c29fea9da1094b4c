// Retries, backoff, resets, size cap, abort, keep-alive and redirects (credentials kept within the origin), over
// real sockets: one suite, run through undici on Node (resilience.test.ts) and through the runtime's fetch, as
// on Cloudflare's workerd (resilience-fetch.test.ts).
import { describe, expect, test } from 'vitest';
import { sendJson, startServer } from '../support/loopback.ts';
import { failure, PREFIX, record, scripted } from './scripted-server.ts';

const USER = 'site-editor';
const PASSWORD = 'Zq1w Xe2r Cv3t Bn4y Mm5u Kk6i';
const BASE64 = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
const credentials = { username: USER, password: PASSWORD };

const input = { url: 'https://e.com/', schema_type: 'T', schema_name: 'n', schema_data: '{}' };
const rateLimited = (after: string) => ({
  status: 429,
  body: { code: 'rate_limited', message: 'Too many requests', data: { status: 429 } },
  headers: { 'retry-after': after },
});

/** The suite, under a name for the sender it runs through. */
export function resilienceSuite(sender: string): void {
  describe(`${sender}: retries`, () => {
    test('429 with Retry-After is retried after the time asked, for writes too', async () => {
      const seen: number[] = [];
      const api = await scripted(() => {
        seen.push(Date.now());
        return seen.length === 1 ? rateLimited('1') : { status: 201, body: { ...record, id: 5 } };
      });
      expect((await api.client.schemas.create(input)).id).toBe(5);
      await api.close();
      expect(seen).toHaveLength(2);
      expect(seen[1]! - seen[0]!).toBeGreaterThanOrEqual(900);
    });

    test('a Retry-After longer than maxRetryDelayMs ends the call at once', async () => {
      const api = await scripted(() => rateLimited('3600'), { maxRetryDelayMs: 1000 });
      const error = await failure(api.client.schemas.get(1));
      expect(error).toMatchObject({ status: 429, code: 'rate_limited' });
      expect(api.server.requests).toHaveLength(1);
      await api.close();
    });

    test('GET is retried on 502/503/504, POST and PUT are not', async () => {
      let count = 0;
      const api = await scripted((route) => {
        count++;
        if (route.startsWith('GET') && count < 4)
          return { status: [502, 503, 504][count - 1], body: { code: 'x', message: 'down' } };
        if (route.startsWith('GET')) return { body: record };
        return { status: 503, body: { code: 'unavailable', message: 'down' } };
      });
      expect((await api.client.schemas.get(12)).id).toBe(12);
      expect(api.server.requests).toHaveLength(4);
      await expect(api.client.schemas.create(input)).rejects.toMatchObject({
        status: 503,
        code: 'unavailable',
      });
      await expect(api.client.schemas.update(12, { schema_name: 'x' })).rejects.toMatchObject({
        status: 503,
      });
      expect(api.server.requests.map((r) => r.method)).toEqual(['GET', 'GET', 'GET', 'GET', 'POST', 'PUT']);
      await api.close();
    });

    test('retries stop after `retries`', async () => {
      const api = await scripted(() => ({ status: 503, body: { code: 'down', message: 'down' } }), {
        retries: 2,
      });
      await expect(api.client.schemas.get(1)).rejects.toMatchObject({ status: 503, code: 'down' });
      expect(api.server.requests).toHaveLength(3);
      expect(api.client.stats()).toEqual({ requests: 3, retries: 2 });
      await api.close();
    });

    test('the total time bound stops retries', async () => {
      const api = await scripted(() => ({ ...rateLimited('1'), status: 503 }), { totalTimeoutMs: 300 });
      await expect(api.client.schemas.get(1)).rejects.toMatchObject({ status: 503 });
      expect(api.server.requests).toHaveLength(1);
      await api.close();
    });

    test('a connection reset is retried for GET, not for POST', async () => {
      let resets = 0;
      const api = await scripted((route, req) => {
        if (route.startsWith('POST') || resets++ === 0) {
          req.socket.resetAndDestroy();
          return undefined;
        }
        return { body: record };
      });
      expect((await api.client.schemas.get(12)).id).toBe(12);
      expect(api.server.requests).toHaveLength(2);
      const error = await failure(api.client.schemas.create(input));
      expect(error).toMatchObject({ status: null, code: 'network_error', operation: 'schemas.create' });
      expect(api.server.requests.filter((r) => r.method === 'POST')).toHaveLength(1);
      await api.close();
    });
    test('an answer cut off mid-body is asked again whole, and a lasting cut says so in words', async () => {
      let cuts = 0;
      const api = await scripted((route, _req, res) => {
        if (route === 'GET /schemas/12' && cuts++ < 2) {
          // WordPress sends no Accept-Ranges: a resumed read gets the whole answer again.
          const text = JSON.stringify(record);
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': String(text.length) });
          res.write(text.slice(0, 20));
          setTimeout(() => res.socket?.destroy(), 10);
          return undefined;
        }
        if (route === 'GET /schemas/13') {
          res.writeHead(200, { 'content-type': 'application/json', 'content-length': '500' });
          res.write('{"id":13,');
          setTimeout(() => res.socket?.destroy(), 10);
          return undefined;
        }
        return { body: record };
      });
      expect(await api.client.schemas.get(12)).toMatchObject({ id: 12, schema_name: 'Hello post' });
      const error = await failure(api.client.schemas.get(13));
      expect(error).toMatchObject({ status: null, code: 'network_error', operation: 'schemas.get' });
      expect(error.serverMessage).toMatch(/closed before the whole answer/);
      await api.close();
    });
  });

  describe(`${sender}: limits`, () => {
    const fiftyMiB = 50 * 1024 * 1024;
    const chunk = Buffer.alloc(1024 * 1024, 0x20);

    test.each([
      ['streamed without a length', false],
      ['with Content-Length', true],
    ])('a 50 MiB body %s is cut at maxResponseBytes', async (_name, declared) => {
      const api = await scripted((_route, _req, res) => {
        res.writeHead(200, {
          'content-type': 'application/json',
          ...(declared ? { 'content-length': String(fiftyMiB) } : {}),
        });
        res.on('error', () => {});
        let sent = 0;
        const pump = () => {
          while (sent < fiftyMiB && !res.destroyed) {
            sent += chunk.length;
            if (!res.write(chunk)) return void res.once('drain', pump);
          }
          res.end();
        };
        pump();
        return undefined;
      });
      const error = await failure(api.client.schemas.list());
      expect(error).toMatchObject({ status: null, code: 'response_too_large' });
      expect(error.hint).toMatch(/maxResponseBytes \(5242880 bytes\)/);
      expect(error.message).toContain('(response_too_large at GET http://');
      await api.close();
    });
  });

  describe(`${sender}: abort and connections`, () => {
    test('the client signal aborts every call; a call signal aborts one', async () => {
      const controller = new AbortController();
      const api = await scripted(() => undefined, { signal: controller.signal });
      const pending = failure(api.client.schemas.get(1));
      const other = new AbortController();
      const single = failure(api.client.meta.get('https://e.com/', { signal: other.signal }));
      other.abort();
      expect(await single).toMatchObject({ code: 'aborted', operation: 'meta.get' });
      controller.abort();
      expect(await pending).toMatchObject({ code: 'aborted', operation: 'schemas.get' });
      await expect(api.client.schemas.list()).rejects.toMatchObject({ code: 'aborted' });
      await api.close();
    });

    test('an abort during a retry wait ends the call', async () => {
      const api = await scripted(() => rateLimited('20'));
      const controller = new AbortController();
      const pending = failure(api.client.schemas.get(1, { signal: controller.signal }));
      while (api.server.requests.length === 0) await new Promise((r) => setTimeout(r, 10));
      controller.abort();
      expect(await pending).toMatchObject({ code: 'aborted' });
      expect(api.server.requests).toHaveLength(1);
      await api.close();
    });

    test('calls reuse kept-alive connections', async () => {
      const ports = new Set<number>();
      const api = await scripted((_route, req) => {
        ports.add(req.socket.remotePort ?? 0);
        return { body: record };
      });
      for (let i = 0; i < 20; i++) await api.client.schemas.get(12);
      // Twenty calls in a row share one or two sockets (the second may open before the first is free).
      expect(ports.size).toBeLessThanOrEqual(2);
      await api.close();
    });
  });

  describe(`${sender}: redirects`, () => {
    test('a redirect to another origin: a read with credentials stops there, naming it; one without follows', async () => {
      const other = await startServer((_req, res) => sendJson(res, 200, record));
      const script = (route: string) =>
        route === 'GET /schemas/12'
          ? { status: 302, headers: { location: `${other.url}/wp-json/ns/v1/schemas/12` } }
          : { status: 404, body: { code: 'x', message: 'x' } };
      // The credentials would not go on, and an answer to anyone would pass for theirs.
      const api = await scripted(script, credentials);
      const error = await failure(api.client.schemas.get(12));
      expect(error.code).toBe('redirect');
      expect(error.message).toContain(`redirected to ${other.url}/wp-json/ns/v1/schemas/12`);
      expect(api.server.requests[0]?.headers.authorization).toBe(`Basic ${BASE64}`);
      expect(other.requests).toHaveLength(0);
      const anonymous = await scripted(script);
      expect((await anonymous.client.schemas.get(12)).id).toBe(12);
      expect(other.requests).toHaveLength(1);
      expect(other.requests[0]?.headers.authorization).toBeUndefined();
      await api.close();
      await anonymous.close();
      await other.close();
    });

    test('a redirect within the origin keeps them; a write is not redirected', async () => {
      const api = await scripted((route) => {
        if (route === 'GET /schemas/12')
          return { status: 301, headers: { location: '/wp-json/ns/v1/schemas/12/' } };
        if (route === 'GET /schemas/12/') return { body: record };
        return {
          status: 307,
          headers: { location: 'https://elsewhere.example/' },
          body: { code: 'moved', message: 'moved' },
        };
      }, credentials);
      await api.client.schemas.get(12);
      expect(api.server.requests[1]?.headers.authorization).toBe(`Basic ${BASE64}`);
      const error = await failure(api.client.schemas.delete(12));
      expect(error).toMatchObject({
        status: 307,
        code: 'redirect',
        serverMessage: 'redirected to https://elsewhere.example/',
      });
      expect(api.server.requests).toHaveLength(3);
      await api.close();
    });

    test('a read redirected past the limit or in a loop fails naming that, not a write', async () => {
      const api = await scripted((route) => {
        const hop = /^GET \/(?:schemas\/12|hop(\d+))$/.exec(route);
        if (hop) return { status: 302, headers: { location: `${PREFIX}/hop${Number(hop[1] ?? 0) + 1}` } };
        if (route === 'GET /loop-a') return { status: 302, headers: { location: `${PREFIX}/loop-b` } };
        return { status: 302, headers: { location: `${PREFIX}/loop-a` } };
      });
      const far = await failure(api.client.schemas.get(12));
      expect(far).toMatchObject({ code: 'redirect' });
      expect(far.hint).toMatch(/reads follow 3 redirects at most/);
      const loop = await failure(api.client.schemas.get(14));
      expect(loop).toMatchObject({ code: 'redirect' });
      expect(loop.message).not.toMatch(/Agent|UND_ERR/);
      expect(loop.hint).toMatch(/in a loop/);
      await api.close();
    });
  });
}
