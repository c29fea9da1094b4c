// Basic auth: sent only to baseUrl's origin, refused over plain http, never shown in errors.
import { inspect } from 'node:util';
import { describe, expect, test } from 'vitest';
import { type ApiError, createClient } from '../../src/client/index.ts';
import { sendJson, startServer } from '../support/loopback.ts';
import { failure, record, scripted } from './scripted-server.ts';

const USER = 'site-editor';
const PASSWORD = 'Zq1w Xe2r Cv3t Bn4y Mm5u Kk6i';
const BASE64 = Buffer.from(`${USER}:${PASSWORD}`).toString('base64');
const credentials = { username: USER, password: PASSWORD };

function expectNoSecret(value: unknown): void {
  const error = value as Error;
  const renderings = [
    JSON.stringify(error),
    inspect(error, { depth: 10, showHidden: true }),
    String(error.stack),
    String(error),
  ];
  for (const text of renderings) {
    for (const secret of [PASSWORD, BASE64, `${USER}:${PASSWORD}`, 'Zq1w'])
      expect(text).not.toContain(secret);
  }
}

describe('sending credentials', () => {
  test('Basic from username and an application password with spaces', async () => {
    const api = await scripted(() => ({ body: record }), credentials);
    await api.client.schemas.get(12);
    expect(api.server.requests[0]?.headers.authorization).toBe(`Basic ${BASE64}`);
    await api.close();
  });

  test('credentials in baseUrl are used and not kept in it', async () => {
    const server = await startServer((_req, res) => sendJson(res, 200, record));
    const url = new URL(`${server.url}/wp-json/ns/v1`);
    url.username = USER;
    url.password = encodeURIComponent(PASSWORD);
    const client = createClient({ baseUrl: url.href });
    expect(client.baseUrl).toBe(`${server.url}/wp-json/ns/v1`);
    await client.schemas.get(12);
    expect(server.requests[0]?.headers.authorization).toBe(`Basic ${BASE64}`);
    expect(inspect(client, { depth: 10, showHidden: true })).not.toContain(BASE64);
    await client.close();
    await server.close();
  });

  test('plain http is refused except to loopback, unless allowed', () => {
    const error = (() => {
      try {
        createClient({ baseUrl: 'http://example.com/wp-json/ns/v1', ...credentials });
      } catch (e) {
        return e as ApiError;
      }
    })();
    expect(error).toMatchObject({ code: 'insecure_auth', url: 'http://example.com/wp-json/ns/v1' });
    expectNoSecret(error);
    expect(
      createClient({ baseUrl: 'http://example.com/wp-json/ns/v1', ...credentials, allowInsecureAuth: true })
        .baseUrl,
    ).toBe('http://example.com/wp-json/ns/v1');
    for (const host of ['localhost', '127.0.0.1', '[::1]']) {
      expect(() =>
        createClient({ baseUrl: `http://${host}:8080/wp-json/ns/v1`, ...credentials }),
      ).not.toThrow();
    }
    expect(() =>
      createClient({ baseUrl: 'https://example.com/wp-json/ns/v1', ...credentials }),
    ).not.toThrow();
    expect(() => createClient({ baseUrl: 'http://example.com/wp-json/ns/v1' })).not.toThrow();
  });
});

describe('credentials never appear in an error', () => {
  test('in every kind of failure, however it is printed', async () => {
    const errors: unknown[] = [];
    // A server that echoes the Authorization header back, in JSON and in HTML.
    const api = await scripted(
      (route, req) => {
        const echo = `${req.headers.authorization} ${Buffer.from(req.headers.authorization?.slice(6) ?? '', 'base64')}`;
        if (route.startsWith('GET /schemas/1'))
          return { status: 401, body: { code: 'incorrect_password', message: echo } };
        if (route.startsWith('GET /schemas/2'))
          return { status: 500, body: `<html><body>${echo}</body></html>` };
        if (route.startsWith('GET /schemas/3')) return { body: { unexpected: echo } };
        if (route.startsWith('GET /schemas/4'))
          return { status: 400, body: echo, headers: { 'content-type': 'text/plain' } };
        if (route.startsWith('GET /schemas/5')) return undefined;
        return {
          status: 403,
          body: { code: 'rest_forbidden', message: echo, data: { status: 403, params: {} } },
        };
      },
      { ...credentials, timeoutMs: 100, retries: 0 },
    );
    for (const id of [1, 2, 3, 4, 5, 6]) errors.push(await failure(api.client.schemas.get(id)));
    await api.close();
    const url = `http://${USER}:${encodeURIComponent(PASSWORD)}@127.0.0.1:9/wp-json/ns/v1`;
    const refused = createClient({ baseUrl: url, retries: 0 });
    errors.push(await failure(refused.schemas.get(1)));
    await refused.close();
    errors.push(
      (() => {
        try {
          createClient({ baseUrl: url, timeoutMs: -5 });
        } catch (e) {
          return e;
        }
      })(),
    );
    expect(errors.map((e) => (e as ApiError).code)).toEqual([
      'incorrect_password',
      'html_response',
      'invalid_response',
      'invalid_json',
      'timeout',
      'rest_forbidden',
      'network_error',
      'invalid_options',
    ]);
    expect((errors[0] as ApiError).serverMessage).toContain('[redacted]');
    for (const error of errors) expectNoSecret(error);
  });

  test('a user name holding a colon is refused: Basic auth would send another user', () => {
    let error: unknown;
    try {
      createClient({ baseUrl: 'http://127.0.0.1:9/wp-json/schemafy/v1', username: 'ann:x', password: 'pw' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ApiError).code).toBe('invalid_options');
    expect((error as ApiError).message).toMatch(/username .*must not contain ":"/);
  });

  test('a "%" in the base URL\'s password that is not percent-encoding is named, and the password is not', () => {
    let error: unknown;
    try {
      createClient({ baseUrl: 'http://ann:50%off-secret@127.0.0.1:9/wp-json/schemafy/v1' });
    } catch (caught) {
      error = caught;
    }
    expect((error as ApiError).code).toBe('invalid_options');
    expect((error as ApiError).message).toMatch(/password in baseUrl holds a "%"/);
    expect((error as ApiError).hint).toMatch(/%25/);
    expect(JSON.stringify(error) + String((error as Error).stack)).not.toMatch(/off-secret/);
  });
});
