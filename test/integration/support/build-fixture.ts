// Runs a real `astro build` of a fixture site in a child process, the way a user's CI does.
import { execFile } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, sep } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../../', import.meta.url));
// Built, as the package ships it (test/support/global-setup.ts builds dist/ when it is stale).
const integrationEntry = join(repo, 'dist/integration/index.js');
export const astroBin = join(repo, 'node_modules/astro/bin/astro.mjs');

export interface FixtureBuild {
  /** The project root of this build (a copy of the fixture). */
  root: string;
  /** Where the HTML is: dist/, or dist/client/ for a server build. */
  outDir: string;
  exitCode: number;
  /** stdout and stderr together. */
  log: string;
  read(file: string): string;
  exists(file: string): boolean;
  /** Removes the copy. */
  remove(): void;
}

export interface BuildFixtureOptions {
  fixture: 'site-basic' | 'site-i18n' | 'site-server';
  /** Top-level Astro config as JSON-able values (format, trailingSlash, base, i18n, redirects...). */
  astro?: Record<string, unknown>;
  /** The integration's options as JSON-able values. */
  options?: Record<string, unknown>;
  /** Extra integration options as JavaScript source, e.g. `cmsUrl: (url) => url.replace(...)`. */
  optionsSource?: string;
  /** Extra lines at the top of astro.config.mjs (imports). */
  preamble?: string;
  /** Extra top-level config as JavaScript source, e.g. `adapter: node({ mode: 'standalone' })`. */
  astroSource?: string;
  env?: Record<string, string>;
  /** Other integrations, as JavaScript source, listed before and after this package's. */
  integrations?: { before?: string; after?: string };
  /** Files added to the copy, by path from its root (pages of the test's own). */
  files?: Record<string, string>;
}

/**
 * Copies a fixture into a temporary project, writes its astro.config.mjs, and builds it.
 */
export async function buildFixture(options: BuildFixtureOptions): Promise<FixtureBuild> {
  const root = prepareFixture(options);
  const { code, output } = await run(
    process.execPath,
    [astroBin, 'build', '--root', root],
    root,
    fixtureEnv(options),
  );
  const outDir = existsSync(join(root, 'dist/client')) ? join(root, 'dist/client') : join(root, 'dist');
  return {
    root,
    outDir,
    exitCode: code,
    log: output,
    read: (file) => readFileSync(join(outDir, file), 'utf8'),
    exists: (file) => existsSync(join(outDir, file)),
    remove: () => rmSync(root, { recursive: true, force: true }),
  };
}

/** The child process environment: credentials and API address only through it, as in CI. */
export function fixtureEnv(options: BuildFixtureOptions): NodeJS.ProcessEnv {
  // Astro changes how it serves when it sees it runs under Vitest; a user's build does not.
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(
      ([name]) => !name.startsWith('VITEST') && name !== 'NODE_ENV' && name !== 'TEST',
    ),
  );
  return {
    ...inherited,
    SCHEMA_MANAGER_API: '',
    SCHEMA_MANAGER_USER: '',
    SCHEMA_MANAGER_PASSWORD: '',
    ASTRO_TELEMETRY_DISABLED: '1',
    NO_COLOR: '1',
    FORCE_COLOR: '0',
    ...options.env,
  };
}

/**
 * Where fixture copies go: the OS temp folder, unless it shares no top folder with the repository (a clone under
 * /home, temp files in /tmp). Astro reads an absolute path that shares no folder with a project's root as one
 * relative to that root (its `isPathInRoot`), so a component with a style in the linked node_modules (Astro's
 * own ClientRouter) would fail to build; a folder inside the repository, ignored by git, shares one.
 */
function fixturesFolder(): string {
  const top = (path: string) => realpathSync(path).split(sep)[1];
  if (top(tmpdir()) === top(repo)) return tmpdir();
  const folder = join(repo, '.test-sites');
  mkdirSync(folder, { recursive: true });
  return folder;
}

/** A temporary copy of a fixture with its astro.config.mjs written; returns its root. */
export function prepareFixture(options: BuildFixtureOptions): string {
  const root = mkdtempSync(join(fixturesFolder(), `asm-${options.fixture}-`));
  cpSync(join(repo, 'test/fixtures', options.fixture), root, { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  for (const [path, text] of Object.entries(options.files ?? {})) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
  // Astro's and Vite's caches inside the copy: the repository's node_modules, linked into every copy, would
  // otherwise be one cache shared by builds running side by side.
  const astro = {
    site: 'https://www.example.com',
    cacheDir: './.astro-cache',
    vite: { cacheDir: './.vite-cache' },
    ...options.astro,
  };
  const astroEntries = JSON.stringify(astro).slice(1, -1);
  const optionEntries = JSON.stringify(options.options ?? {}).slice(1, -1);
  writeFileSync(
    join(root, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
import schemaManager from ${JSON.stringify(integrationEntry)};
${options.preamble ?? ''}
export default defineConfig({
  ${astroEntries}${options.astroSource ? `, ${options.astroSource}` : ''},
  integrations: [${options.integrations?.before ? `${options.integrations.before}, ` : ''}schemaManager({ ${optionEntries}${options.optionsSource ? `${optionEntries ? ',' : ''} ${options.optionsSource}` : ''} })${options.integrations?.after ? `, ${options.integrations.after}` : ''}],
});
`,
  );
  return root;
}

/** Runs an astro command (`sync`, `check`...) in a prepared fixture. */
export function runAstro(
  root: string,
  args: string[],
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  return run(process.execPath, [astroBin, ...args, '--root', root], root, env);
}

// In the project, as a user runs it: Astro puts what it builds outside its outDir under the working directory.
function run(
  command: string,
  args: string[],
  cwd: string,
  env: NodeJS.ProcessEnv,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    execFile(command, args, { cwd, env, maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      const code = error ? (typeof error.code === 'number' ? error.code : 1) : 0;
      resolve({ code, output: `${stdout}\n${stderr}` });
    });
  });
}

/** Every file below a directory, relative, with `/` separators. */
export function listFiles(dir: string): string[] {
  const out: string[] = [];
  const walk = (current: string, prefix: string) => {
    for (const name of readdirSync(current)) {
      const path = join(current, name);
      if (statSync(path).isDirectory()) walk(path, `${prefix}${name}/`);
      else out.push(`${prefix}${name}`);
    }
  };
  walk(dir, '');
  return out.sort();
}
