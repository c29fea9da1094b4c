// The API address and credentials in the project's .env files, as Astro users keep them: read in Vite's order,
// under the environment's own values, and a real build takes them from there.
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { modeOf, unknownVariables, withEnvFiles } from '../../src/env-files.ts';
import { readHeadTags } from '../../src/head/index.ts';
import { ADMIN, basicSeed, type RunningApi, startApi } from './support/api.ts';
import { fixtureEnv, prepareFixture, runAstro } from './support/build-fixture.ts';

test('a SCHEMA_MANAGER_ variable the package does not read is named, with the one meant', () => {
  expect(
    unknownVariables({
      SCHEMA_MANAGER_PASS: 'x',
      SCHEMA_MANAGER_URL: 'https://cms.example.com',
      SCHEMA_MANAGER_PASSWROD: 'x',
      SCHEMA_MANAGER_COLOUR: 'red',
      SCHEMA_MANAGER_USER: 'ed',
      SCHEMA_MANAGER_EMPTY: '',
      OTHER: 'x',
    }),
  ).toEqual([
    'SCHEMA_MANAGER_COLOUR is set, and astro-schema-manager reads no such variable: it reads SCHEMA_MANAGER_API, SCHEMA_MANAGER_USER, SCHEMA_MANAGER_PASSWORD, SCHEMA_MANAGER_SERVE_USERS, SCHEMA_MANAGER_TEST_BROWSER.',
    'SCHEMA_MANAGER_PASS is set, and astro-schema-manager reads no such variable: did you mean SCHEMA_MANAGER_PASSWORD?',
    'SCHEMA_MANAGER_PASSWROD is set, and astro-schema-manager reads no such variable: did you mean SCHEMA_MANAGER_PASSWORD?',
    'SCHEMA_MANAGER_URL is set, and astro-schema-manager reads no such variable: did you mean SCHEMA_MANAGER_API?',
  ]);
});

describe('withEnvFiles', () => {
  const dir = mkdtempSync(join(tmpdir(), 'asm-env-'));
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  test('reads .env, .env.local, .env.<mode> and .env.<mode>.local, each over the one before', () => {
    writeFileSync(
      join(dir, '.env'),
      'SCHEMA_MANAGER_API=https://cms.example.com/wp-json/schemafy/v1\nSCHEMA_MANAGER_USER=base\nOTHER=kept out\n',
    );
    writeFileSync(join(dir, '.env.local'), 'SCHEMA_MANAGER_USER=local\n');
    writeFileSync(join(dir, '.env.production'), 'SCHEMA_MANAGER_PASSWORD="a b c d"\n');
    writeFileSync(join(dir, '.env.production.local'), 'SCHEMA_MANAGER_USER=production-local\n');
    writeFileSync(join(dir, '.env.development'), 'SCHEMA_MANAGER_USER=development\n');
    const { env, unreadable } = withEnvFiles({}, dir, 'production');
    expect(env).toEqual({
      SCHEMA_MANAGER_API: 'https://cms.example.com/wp-json/schemafy/v1',
      SCHEMA_MANAGER_USER: 'production-local',
      SCHEMA_MANAGER_PASSWORD: 'a b c d',
    });
    expect(unreadable).toEqual([]);
    expect(withEnvFiles({}, dir, 'development').env.SCHEMA_MANAGER_USER).toBe('development');
  });

  test("the environment's own value wins, unless it is empty; PUBLIC_ forms are read to be warned about", () => {
    writeFileSync(join(dir, '.env.staging'), 'PUBLIC_SCHEMA_MANAGER_PASSWORD=oops\n');
    const { env } = withEnvFiles(
      { SCHEMA_MANAGER_USER: 'from-ci', SCHEMA_MANAGER_API: '', PATH: '/bin' },
      dir,
      'staging',
    );
    expect(env.SCHEMA_MANAGER_USER).toBe('from-ci');
    expect(env.SCHEMA_MANAGER_API).toBe('https://cms.example.com/wp-json/schemafy/v1');
    expect(env.PUBLIC_SCHEMA_MANAGER_PASSWORD).toBe('oops');
    expect(env.PATH).toBe('/bin');
  });

  test('a file that cannot be read is named, and the others still count', () => {
    const other = mkdtempSync(join(tmpdir(), 'asm-env-'));
    writeFileSync(join(other, '.env'), 'SCHEMA_MANAGER_USER=base\n');
    mkdirSync(join(other, '.env.local')); // A folder where a file is expected.
    const { env, unreadable } = withEnvFiles({}, other, 'production');
    expect(env.SCHEMA_MANAGER_USER).toBe('base');
    expect(unreadable).toEqual(['.env.local (EISDIR)']);
    rmSync(other, { recursive: true, force: true });
  });

  test("the mode is --mode when given, else Astro's for the command", () => {
    expect(modeOf('build', ['node', 'astro', 'build'])).toBe('production');
    expect(modeOf('dev', ['node', 'astro', 'dev'])).toBe('development');
    expect(modeOf('build', ['node', 'astro', 'build', '--mode', 'staging'])).toBe('staging');
    expect(modeOf('build', ['node', 'astro', 'build', '--mode=qa'])).toBe('qa');
  });
});

describe('astro build with the API in .env', () => {
  let api: RunningApi;
  let root: string;
  beforeAll(async () => {
    api = await startApi(basicSeed());
    root = prepareFixture({ fixture: 'site-basic' });
  });
  afterAll(async () => {
    rmSync(root, { recursive: true, force: true });
    await api.close();
  });

  test('reads the address and credentials from .env and .env.production.local, and writes none of them out', async () => {
    writeFileSync(
      join(root, '.env'),
      `SCHEMA_MANAGER_API=${api.baseUrl}\nSCHEMA_MANAGER_USER=${ADMIN.name}\n`,
    );
    writeFileSync(join(root, '.env.production.local'), `SCHEMA_MANAGER_PASSWORD="${ADMIN.password}"\n`);
    // As a CI without these secrets set has them: empty.
    const { code, output } = await runAstro(root, ['build'], fixtureEnv({ fixture: 'site-basic' }));
    expect(code, output).toBe(0);
    const head = readHeadTags(readFileSync(join(root, 'dist/about/index.html'), 'utf8'));
    expect(head.values.title).toEqual(['About from the API']);
    // Meta and social tags need manage_options: the credentials were used.
    expect(head.values['property:og:title']).toEqual(['About og from the API']);
    expect(output).not.toContain(ADMIN.password);
  });
});
