// How the build words a failed API call: one sentence per cause, ending once, whatever the server's own ends in.
import { expect, test } from 'vitest';
import { ApiError } from '../../src/client/index.ts';
import { describeFailure, isApiGone } from '../../src/integration/failures.ts';
import { resolveOptions } from '../../src/integration/options.ts';

const context = { api: 'https://cms.example.com/wp-json/schemafy/v1', timeoutMs: 30_000 };
const error = (status: number | null, code: string, serverMessage: string, hint: string | null = null) =>
  new ApiError({ status, code, serverMessage, operation: 'probe', method: 'GET', url: context.api, hint });

test("a server's message that ends in a full stop is not given a second one", () => {
  const locked = describeFailure(
    error(401, 'rest_not_logged_in', 'You are not currently logged in.'),
    context,
  );
  expect(locked.header).toBe(
    `The API at ${context.api} refused probe: 401 rest_not_logged_in: You are not currently logged in.`,
  );
  const bare = describeFailure(error(418, 'teapot', 'No coffee here'), context);
  expect(bare.header.endsWith('No coffee here.')).toBe(true);
});

test('a redirect to another address names it, with the client’s hint', () => {
  const hint = 'set api to the address it leads to';
  const moved = describeFailure(
    error(301, 'redirect', 'redirected to https://cms.example.com/wp-json/schemafy/v1', hint),
    { ...context, api: 'http://cms.example.com/wp-json/schemafy/v1' },
  );
  expect(moved.header).toBe(
    'The API at http://cms.example.com/wp-json/schemafy/v1 answered with a redirect (301): redirected to https://cms.example.com/wp-json/schemafy/v1.',
  );
  expect(moved.hint).toBe(hint);
});

test("no API at the address, or no answer: the client's hint (naming the integration's settings) or the generic one", () => {
  const named =
    'set the api option (or SCHEMA_MANAGER_API) to <site>/wp-json/<namespace>/v1 (the address the plugin shows), <site>/?rest_route=/<namespace>/v1 or the site address, and check that the plugin and its REST API are active';
  const none = describeFailure(
    error(200, 'not_this_api', 'no WordPress REST API is advertised', named),
    context,
  );
  expect(none.cause).toBe('not-this-api');
  expect(none.hint).toBe(`S${named.slice(1)}.`);
  const unnamed = describeFailure(error(200, 'not_this_api', 'no WordPress REST API is advertised'), context);
  expect(unnamed.hint).toMatch(/^Set the api option \(or SCHEMA_MANAGER_API\) to /);
  const refused = describeFailure(
    error(null, 'network_error', 'connect ECONNREFUSED 127.0.0.1:9', 'nothing answers at that host and port'),
    context,
  );
  expect(refused.hint).toMatch(/^Nothing answers at that host and port\. To ship the pages without API data/);
});

test('a web server that cannot reach PHP (502, 503, 504) is the API gone, as a refused connection is; a 500 is one failure', () => {
  const page = 'the server answered HTML, not JSON: <html><head><title>502 Bad Gateway</title></head></html>';
  for (const status of [502, 503, 504])
    expect(isApiGone(error(status, 'html_response', page)), String(status)).toBe(true);
  expect(isApiGone(error(null, 'network_error', 'connect ECONNREFUSED 127.0.0.1:9'))).toBe(true);
  expect(isApiGone(error(500, 'db_error', 'A record could not be read'))).toBe(false);
  expect(isApiGone(error(404, 'not_found', 'No record'))).toBe(false);
});

test('refused credentials: the hint names where they were given (the api address, the options, the environment)', () => {
  const refused = error(
    401,
    'incorrect_password',
    'The provided password is an invalid application password.',
  );
  const fromApi = describeFailure(refused, {
    ...context,
    username: 'admin',
    credentialsFrom: resolveOptions({ api: 'https://admin:x@cms.example.com/wp-json/schemafy/v1' }, {})
      .credentialsFrom,
  });
  expect(fromApi.header).toContain('did not accept the credentials of user "admin"');
  expect(fromApi.hint).toContain('Check the user:password@ in the api option');
  expect(fromApi.hint).not.toContain('SCHEMA_MANAGER_USER');
  const env = { SCHEMA_MANAGER_USER: 'admin', SCHEMA_MANAGER_PASSWORD: 'x' };
  const fromEnv = resolveOptions({ api: context.api }, env).credentialsFrom;
  expect(
    describeFailure(refused, { ...context, username: 'admin', credentialsFrom: fromEnv }).hint,
  ).toContain('Check SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD');
});

test('credentials from two places are both named', () => {
  const mixed = (options: object, env: Record<string, string>) =>
    resolveOptions({ api: context.api, ...options }, env).credentialsFrom;
  expect(mixed({ username: 'bob' }, { SCHEMA_MANAGER_PASSWORD: 'x' })).toBe(
    'the username option and SCHEMA_MANAGER_PASSWORD',
  );
  expect(mixed({ username: 'bob', password: 'x' }, {})).toBe('the username and password options');
  expect(mixed({}, { SCHEMA_MANAGER_USER: 'bob', SCHEMA_MANAGER_PASSWORD: 'x' })).toBe(
    'SCHEMA_MANAGER_USER and SCHEMA_MANAGER_PASSWORD',
  );
});

test("a web server's own 401 or 403 page is its refusal, not WordPress refusing the credentials or a capability", () => {
  const page = (status: number, text: string) =>
    error(status, 'html_response', `the server answered HTML, not JSON: ${text}`, `hint for ${status}`);
  for (const [status, text] of [
    [
      401,
      '401 Unauthorized This server could not verify that you are authorized to access the document requested.',
    ],
    [403, "403 Forbidden You don't have permission to access this resource."],
  ] as const) {
    const failure = describeFailure(page(status, text), { ...context, username: 'admin' });
    expect(failure.header).toContain(
      `The web server in front of the API at ${context.api} refused probe (${status} html_response`,
    );
    expect(failure.header).not.toContain('did not accept the credentials');
    expect(failure.hint).toContain(`Hint for ${status}.`);
  }
});

test("the client's own hint for a connection that failed is kept: an untrusted certificate is no wrong host", () => {
  const tls = describeFailure(
    error(
      null,
      'network_error',
      'UNABLE_TO_VERIFY_LEAF_SIGNATURE: unable to verify the first certificate',
      "the site's TLS certificate is not trusted here: fix it, or give Node its CA with NODE_EXTRA_CA_CERTS",
    ),
    context,
  );
  expect(tls.hint).toContain('NODE_EXTRA_CA_CERTS');
  expect(tls.hint).not.toContain('Check the host and port');
});

test("Astro's own hint for messages that mention a document or window does not replace the build's", async () => {
  const { buildStopped } = await import('../../src/integration/failures.ts');
  const stopped = buildStopped('the server answered: access the document requested', 'Exempt the REST API.');
  expect(String(stopped)).not.toMatch(/document|window/);
  expect(stopped.message).toContain('document requested');
  expect(stopped.hint).toBe('Exempt the REST API.');
});

test("a PHP fatal error says WordPress's own words, without their HTML, and what to do", () => {
  const fatal = describeFailure(
    error(
      500,
      'internal_server_error',
      '<p>There has been a critical error on this website.</p><p><a href="https://wordpress.org/documentation/article/faq-troubleshooting/">Learn more about troubleshooting WordPress.</a></p>',
    ),
    context,
  );
  expect(fatal.header).toBe(
    `The API at ${context.api} failed with 500 internal_server_error: There has been a critical error on this website. Learn more about troubleshooting WordPress.`,
  );
  // A web server's page is not WordPress's words: the header stays short.
  expect(describeFailure(error(502, 'html_response', '<html>Bad Gateway</html>'), context).header).toBe(
    `The API at ${context.api} failed with 502 html_response.`,
  );
});
