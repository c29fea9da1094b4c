// Attack: a server (or proxy) that echoes the Authorization header into an error's code and data.params put the
// password into the error's message, stack, JSON and inspection. And the other way round: redaction once turned
// the namespace `/wrong/` into `%2F[redacted]%2Fv1` because the password was `wrong`.
import { inspect } from 'node:util';
import { expect, test } from 'vitest';
import { type ApiError, createClient } from '../../src/client/index.ts';
import { basicToken, createRedactor } from '../../src/client/redact.ts';
import { failure, record, scripted } from './scripted-server.ts';

const USER = 'site-editor';
const PASSWORD = 'Zq1w Xe2r Cv3t Bn4y Mm5u Kk6i';

function renderings(error: ApiError): string[] {
  return [
    error.message,
    error.code,
    JSON.stringify(error.details),
    String(error.stack),
    JSON.stringify(error),
    inspect(error, { depth: 20, showHidden: true }),
  ];
}

function secretsOf(username: string, password: string): string[] {
  const token = Buffer.from(`${username}:${password}`).toString('base64');
  return [
    password,
    token,
    `${username}:${password}`,
    encodeURIComponent(password),
    password.replace(/\s+/g, ''),
  ];
}

test('an Authorization header echoed into code, message, details and Location never reaches the error', async () => {
  const api = await scripted(
    (route, req) => {
      const echo = String(req.headers.authorization);
      const decoded = Buffer.from(echo.slice(6), 'base64').toString();
      const password = decoded.slice(decoded.indexOf(':') + 1);
      if (route === 'GET /schemas/1')
        return {
          status: 400,
          body: {
            code: `bad_header_${echo}`,
            message: `Header was ${echo}; user ${decoded}; password ${password}`,
            data: { status: 400, params: { [echo]: decoded, nested: [{ again: `${password}!` }] } },
          },
        };
      if (route === 'GET /schemas/2')
        return { status: 502, body: `<html><body>proxy saw ${echo}</body></html>` };
      if (route === 'POST /schemas')
        return { status: 302, headers: { location: `https://${decoded}@elsewhere/` } };
      if (route === 'GET /schemas/3') return { body: { id: decoded } };
      return { status: 500, body: `plain text ${decoded}` };
    },
    { username: USER, password: PASSWORD, retries: 0 },
  );
  const errors = [
    await failure(api.client.schemas.get(1)),
    await failure(api.client.schemas.get(2)),
    await failure(
      api.client.schemas.create({
        url: 'https://e.com/',
        schema_type: 'Thing',
        schema_name: 'x',
        schema_data: {},
      }),
    ),
    await failure(api.client.schemas.get(3)),
    await failure(api.client.schemas.get(4)),
  ];
  await api.close();
  expect(errors[0]!.code).toBe('bad_header_Basic [redacted]');
  expect(errors[0]!.details).toEqual({
    'Basic [redacted]': '[redacted]',
    nested: [{ again: '[redacted]!' }],
  });
  for (const error of errors) {
    for (const text of renderings(error))
      for (const secret of secretsOf(USER, PASSWORD)) expect(text).not.toContain(secret);
  }
});

test('only credentials are removed: a namespace, a quoted URL or a longer word that holds the password stays', async () => {
  const api = await scripted(
    (route) => ({
      status: 404,
      body: {
        code: 'not_found',
        message: `no record at ${route.slice(4)} (wrongly named); password wrong`,
        data: { status: 404, params: { path: '/wp-json/wrong/v1/schemas/9', given: 'wrong' } },
      },
    }),
    { username: 'u', password: 'wrong', retries: 0 },
  );
  const wrongNamespace = createClient({
    baseUrl: `${api.server.url}/wp-json/wrong/v1`,
    username: 'u',
    password: 'wrong',
    retries: 0,
  });
  const error = await failure(wrongNamespace.schemas.get(9));
  await wrongNamespace.close();
  await api.close();
  expect(error.url).toBe(`${api.server.url}/wp-json/wrong/v1/schemas/9`);
  expect(error.message).toContain(`${api.server.url}/wp-json/wrong/v1/schemas/9`);
  expect(error.serverMessage).toBe(
    'no record at /wp-json/wrong/v1/schemas/9 (wrongly named); password [redacted]',
  );
  expect(error.details).toEqual({ path: '/wp-json/wrong/v1/schemas/9', given: '[redacted]' });
  expect(error.message).not.toContain('%2F[redacted]');
});

test('the redactor keeps unrelated text byte for byte', () => {
  const redact = createRedactor({ username: 'ann', password: 'pa$$ word' });
  expect(redact.text('x pa$$ word y, ann:pa$$ word, pa$$ wordy, spa$$ word')).toBe(
    'x [redacted] y, [redacted], pa$$ wordy, spa$$ word',
  );
  expect(redact.text('Basic YW5uOnBhJCQgd29yZA==')).toBe('Basic [redacted]');
  expect(redact.text('nothing to see: ann, pa$$')).toBe('nothing to see: ann, pa$$');
  // Text the client itself sent, quoted back, keeps the word; a credential in it still goes.
  const keeping = redact.keeping(['/x/pa$$ word/']);
  expect(keeping.text('at /x/pa$$ word/: pa$$ word')).toBe('at /x/pa$$ word/: [redacted]');
});

test('a long password goes in every spelling a server re-encodes it in, glued to other words too', () => {
  const redact = createRedactor({ username: 'admin', password: 'Pass Word 1234' });
  for (const spelling of [
    'Pass+Word+1234', // PHP's urlencode
    'pass word 1234',
    'PASS WORD 1234',
    'Pass&nbsp;Word&nbsp;1234',
    'Pass\u00a0Word\u00a01234',
    'Pass-Word-1234',
    'PassWord1234',
    Buffer.from('Pass Word 1234').toString('base64'),
  ]) {
    expect(redact.text(`code: incorrect_password${spelling}_x`), spelling).toBe(
      'code: incorrect_password[redacted]_x',
    );
  }
  // A short one still only as a whole word, in any case.
  expect(createRedactor({ username: 'u', password: 'wrong' }).text('Wrong: wrongly wrong')).toBe(
    '[redacted]: wrongly [redacted]',
  );
});

test('a record nested 200,000 deep is reported on the record, and an answer nested so is an ApiError', async () => {
  const deep = `${'['.repeat(200_000)}${']'.repeat(200_000)}`;
  const api = await scripted((route) => {
    if (route === 'GET /schemas/1') return { body: { ...record, schema_data: deep } };
    return { body: `{"id":1,"x":${deep}}` };
  });
  const read = await api.client.schemas.get(1);
  expect(read.data).toBeNull();
  expect(read.data_error).toMatch(/nests deeper than 512 levels/);
  const error = await failure(api.client.schemas.get(2));
  expect(error.code).toBe('invalid_json');
  expect(error.serverMessage).toMatch(/nests deeper/);
  await api.close();
});

test('basicToken is the UTF-8 base64 of user:password, as Buffer gives it, without Buffer', () => {
  for (const [user, password] of [
    ['ed', 'pw'],
    ['rédacteur', 'pässwört € 𝄞'],
  ] as const)
    expect(basicToken(user, password)).toBe(Buffer.from(`${user}:${password}`, 'utf8').toString('base64'));
});
