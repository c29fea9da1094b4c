import { expect, test } from 'vitest';
import { OptionsError, resolveOptions } from '../../src/integration/options.ts';

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
    onFetchError: 'fail',
    onConflict: 'api',
    graph: false,
    rewriteUrls: true,
    keepPathPrefixes: ['/wp-content/'],
    exclude: [],
    dev: true,
    onDemand: true,
  });
  expect(options.username).toBeUndefined();
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
  expect(problems.some((line) => line.includes('"bogus"'))).toBe(true);
});

test('says how to give the API address, and refuses half a pair of credentials', () => {
  expect(() => resolveOptions({}, {})).toThrow(/api: required.*SCHEMA_MANAGER_API/);
  expect(() => resolveOptions({ api }, { SCHEMA_MANAGER_USER: 'ed' })).toThrow(/password: missing/);
});
