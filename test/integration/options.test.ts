import { expect, test } from 'vitest';
import {
  OptionsError,
  overriddenVariables,
  requireApi,
  resolveOptions,
  startupProblems,
} from '../../src/integration/options.ts';

const api = 'https://cms.example.com/wp-json/schemafy/v1';

test('fills every default', () => {
  const options = resolveOptions({ api }, {});
  expect(options).toMatchObject({
    api,
    strategy: 'auto',
    concurrency: 8,
    timeoutMs: 30_000,
    retries: 3,
    validate: 'error',
    rules: ['schema.org', 'google'],
    severity: {},
    remoteValidate: false,
    allowInsecureAuth: false,
    onFetchError: 'fail',
    onConflict: 'api',
    graph: false,
    rewriteUrls: true,
    keepPathPrefixes: ['/wp-content/'],
    exclude: [],
    dev: true,
    onDemand: true,
    requestBudgetMs: 1000,
    requestCacheTtlSeconds: 60,
    requestCacheMaxPages: 1000,
  });
  expect(options.username).toBeUndefined();
});

test('request-time options: the cache may be off, the budget may not be', () => {
  expect(resolveOptions({ api, requestCacheTtlSeconds: 0 }, {}).requestCacheTtlSeconds).toBe(0);
  expect(() => resolveOptions({ api, requestBudgetMs: 0 }, {})).toThrow(/requestBudgetMs: /);
  expect(() => resolveOptions({ api, requestCacheMaxPages: 0 }, {})).toThrow(/requestCacheMaxPages: /);
  expect(() => resolveOptions({ api, requestBudgetMS: 500 }, {})).toThrow(/Did you mean `requestBudgetMs`/);
});

test('takes the API and credentials from the environment, and treats empty variables as unset', () => {
  const options = resolveOptions(
    {},
    { SCHEMA_MANAGER_API: api, SCHEMA_MANAGER_USER: 'ed', SCHEMA_MANAGER_PASSWORD: 'a b c' },
  );
  expect(options).toMatchObject({ api, username: 'ed', password: 'a b c' });
  const empty = resolveOptions({ api }, { SCHEMA_MANAGER_USER: '', SCHEMA_MANAGER_PASSWORD: '' });
  expect(empty.username).toBeUndefined();
  expect(empty.password).toBeUndefined();
});

test('reports every bad option as a `path: reason` line', () => {
  let error: unknown;
  try {
    resolveOptions(
      { api: 'ftp://cms', concurrency: 100, validate: 'strict', exclude: ['drafts'], bogus: 1 },
      {},
    );
  } catch (caught) {
    error = caught;
  }
  expect(error).toBeInstanceOf(OptionsError);
  const problems = (error as OptionsError).problems;
  expect(problems).toHaveLength(5);
  expect(problems.some((line) => line.startsWith('api: must be an absolute http(s) URL'))).toBe(true);
  expect(problems.some((line) => line.startsWith('concurrency: '))).toBe(true);
  expect(problems.some((line) => line.startsWith('validate: '))).toBe(true);
  expect(problems).toContain('exclude.0: must start with "/"');
  expect(problems).toContain('bogus: not an option.');
});

test('says how to give the API address where it is needed, and refuses half a pair of credentials', () => {
  const withoutApi = resolveOptions({}, {});
  expect(withoutApi.api).toBeUndefined();
  let error: unknown;
  try {
    requireApi(withoutApi);
  } catch (caught) {
    error = caught;
  }
  expect((error as OptionsError).problems[0]).toMatch(/^api: required/);
  expect((error as OptionsError).hint).toMatch(/SCHEMA_MANAGER_API/);
  expect(() => resolveOptions({}, { SCHEMA_MANAGER_API: 'cms.example.com/wp-json' })).toThrow(
    /api: SCHEMA_MANAGER_API is not an absolute http\(s\) URL/,
  );
  expect(() => resolveOptions({ api }, { SCHEMA_MANAGER_USER: 'ed' })).toThrow(/password: missing/);
});

test('an unknown option names the option it is closest to', () => {
  let error: unknown;
  try {
    resolveOptions({ api, onConflit: 'page', zzzzzz: 1, user: 'ed' }, {});
  } catch (caught) {
    error = caught;
  }
  expect((error as OptionsError).problems).toEqual([
    'onConflit: not an option. Did you mean `onConflict`?',
    'zzzzzz: not an option.',
    // Too far for an edit, but the start of one option's name (as other tools call it).
    'user: not an option. Did you mean `username`?',
  ]);
});

test("a near miss of an option's word names the word: validate 'warning' (as severity spells it) is 'warn'", () => {
  let error: unknown;
  try {
    resolveOptions(
      { api, validate: 'warning', severity: { 'invalid-value': 'warn' }, onConflict: 'xyz' },
      {},
    );
  } catch (caught) {
    error = caught;
  }
  expect((error as OptionsError).problems).toEqual([
    'validate: Invalid option: expected one of "error"|"warn"|"off". Did you mean `warn`?',
    'severity.invalid-value: Invalid option: expected one of "error"|"warning"|"info"|"off". Did you mean `warning`?',
    // Nothing near: no guess.
    'onConflict: Invalid option: expected one of "api"|"page"',
  ]);
  // Each hint names the option it is for.
  expect((error as OptionsError).hint).toBe(
    "Use 'warn' for validate. Use 'warning' for severity.invalid-value.",
  );
  // A misspelt code with a misspelt level: both at once, not the code on the next run.
  try {
    resolveOptions({ api, severity: { invalid_value: 'warn' } }, {});
  } catch (caught) {
    error = caught;
  }
  expect((error as OptionsError).problems).toEqual([
    'severity.invalid_value: Invalid option: expected one of "error"|"warning"|"info"|"off". Did you mean `warning`?',
    'severity.invalid_value: not a finding code. Did you mean `invalid-value`?',
  ]);
});

test('severity names codes the validator or the audit gives; a misspelt one is refused with the nearest', () => {
  const resolved = resolveOptions(
    { api, severity: { 'google-missing-recommended': 'info', 'duplicate-title': 'off' } },
    {},
  );
  expect(resolved.severity).toEqual({ 'google-missing-recommended': 'info', 'duplicate-title': 'off' });
  let error: unknown;
  try {
    resolveOptions({ api, severity: { invalid_value: 'off', nonsense: 'info' } }, {});
  } catch (caught) {
    error = caught;
  }
  expect((error as OptionsError).problems).toEqual([
    'severity.invalid_value: not a finding code. Did you mean `invalid-value`?',
    'severity.nonsense: not a finding code.',
  ]);
  expect((error as OptionsError).hint).toMatch(
    /^Rename invalid_value to invalid-value\. Finding codes: json-parse-error, /,
  );
});

test('start-up checks: credentials over plain http to another host, index strategy without credentials', () => {
  const credentials = { SCHEMA_MANAGER_USER: 'ed', SCHEMA_MANAGER_PASSWORD: 'a b c' };
  const insecure = startupProblems(
    resolveOptions({ api: 'http://cms.example.com/wp-json/x/v1' }, credentials),
  );
  expect(insecure.map((problem) => problem.line)).toEqual([
    'api: credentials would travel in clear text over plain http to cms.example.com.',
  ]);
  expect(insecure[0]?.hint).toContain('allowInsecureAuth: true');
  // allowInsecureAuth is an option the integration accepts, and loopback is always fine.
  expect(
    startupProblems(
      resolveOptions({ api: 'http://cms.example.com/wp-json/x/v1', allowInsecureAuth: true }, credentials),
    ),
  ).toEqual([]);
  expect(startupProblems(resolveOptions({ api: 'http://127.0.0.1:8080/wp-json/x/v1' }, credentials))).toEqual(
    [],
  );
  const index = startupProblems(resolveOptions({ api, strategy: 'index' }, {}));
  expect(index[0]?.line).toMatch(/^strategy: 'index' reads GET \/schemas/);
});

test('an exclude prefix written with escapes is the decoded path pages are named by', () => {
  const options = resolveOptions({ api, exclude: ['/%D0%B1%D0%BB%D0%BE%D0%B3/', '/drafts/', '/100%/'] }, {});
  expect(options.exclude).toEqual(['/блог/', '/drafts/', '/100%/']);
});

test('says which variables the options set aside, without credentials, and nothing when they agree', () => {
  const env = { SCHEMA_MANAGER_API: 'https://u:secret@staging.example.com/wp-json/schemafy/v1' };
  const options = { api, username: 'builder', password: 'Pk3x Vb7n Lm2k Pw9r' };
  const lines = overriddenVariables(options, resolveOptions(options, env), {
    ...env,
    SCHEMA_MANAGER_USER: 'ci',
  });
  expect(lines).toEqual([
    `SCHEMA_MANAGER_API is set to https://staging.example.com/wp-json/schemafy/v1 and not used: the api option in astro.config names ${api}, which wins. The CLI (pull, push) reads the variable. To let the environment choose, write api: process.env.SCHEMA_MANAGER_API, or remove one of the two.`,
    'SCHEMA_MANAGER_USER is set and not used: the username option in astro.config names another user, which wins. Keep credentials in the environment only.',
  ]);
  expect(lines.join('\n')).not.toContain('secret');
  // The same address (a trailing slash apart), or no option at all: nothing to say.
  const same = { SCHEMA_MANAGER_API: `${api}/`, SCHEMA_MANAGER_USER: 'builder' };
  expect(overriddenVariables(options, resolveOptions(options, same), same)).toEqual([]);
  // One API in two forms: the site's address (its namespace found by discovery) and the REST address.
  const site = { api: 'http://127.0.0.1:8080', username: 'builder', password: 'x' };
  for (const form of [
    'http://127.0.0.1:8080/wp-json/schemafy/v1',
    'http://127.0.0.1:8080/index.php?rest_route=/schemafy/v1',
  ]) {
    const both = { SCHEMA_MANAGER_API: form };
    expect(overriddenVariables(site, resolveOptions(site, both), both)).toEqual([]);
  }
  const otherNamespace = { SCHEMA_MANAGER_API: 'http://127.0.0.1:8080/wp-json/other/v1' };
  expect(overriddenVariables(site, resolveOptions(site, otherNamespace), otherNamespace)).toHaveLength(1);
  expect(overriddenVariables({}, resolveOptions({}, env), env)).toEqual([]);
});

test('a value in the wrong container is told the form to write: the address alone, one item for a list', () => {
  const problemsOf = (input: unknown) => {
    try {
      resolveOptions(input, {});
    } catch (error) {
      return { problems: (error as OptionsError).problems, hint: (error as OptionsError).hint };
    }
    throw new Error('no problem found');
  };
  // schemaManager('https://…'), as integrations taking one address are called; the address is not echoed.
  const alone = problemsOf('https://ed:secret@cms.example.com/wp-json/schemafy/v1');
  expect(alone.problems).toEqual([
    '(options): schemaManager() takes an object of options, and was given a string.',
  ]);
  expect(alone.hint).toBe("Write schemaManager({ api: 'https://cms.example.com/wp-json/<namespace>/v1' }).");
  expect(JSON.stringify(alone)).not.toContain('secret');
  const lists = problemsOf({ api, rules: 'google', exclude: '/drafts/' });
  expect(lists.problems).toEqual([
    "rules: Invalid input: expected array, received string. Did you mean `['google']`?",
    "exclude: Invalid input: expected array, received string. Did you mean `['/drafts/']`?",
  ]);
  expect(lists.hint).toBe(
    "Write rules as a list: rules: ['google']. Write exclude as a list: exclude: ['/drafts/'].",
  );
});
