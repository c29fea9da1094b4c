// The packed tarball inside a real Astro project, installed with npm as a user would: `astro build` writes
// the heads and `astro dev` serves them, and no warning line names the package. `npm run test:compat` runs
// this file under each supported Astro (COMPAT_ASTRO) and Node (COMPAT_NODE), and under Bun's and Deno's own
// runtimes (COMPAT_NODE naming a `bun` or `deno` binary: Astro is run with `bun --bun` or `deno run -A`).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { basename, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../src/head/index.ts';
import { createServer } from '../src/server/index.ts';
import { freePort } from './support/loopback.ts';
import { installPacked, packedProjectEnv, packTarball, repoRoot } from './support/pack.ts';

const astroVersion =
  process.env.COMPAT_ASTRO ??
  (JSON.parse(readFileSync(join(repoRoot, 'node_modules/astro/package.json'), 'utf8')) as { version: string })
    .version;
const nodeBin = process.env.COMPAT_NODE ?? process.execPath;
// Bun runs the astro command with its own runtime only when told to; without --bun it hands it to Node. Deno
// runs a script with every permission when told -A, as Astro's guide for Deno says.
const RUNTIME_ARGS: Record<string, string[]> = { bun: ['--bun'], deno: ['run', '-A'] };
const runtimeArgs = RUNTIME_ARGS[basename(nodeBin)] ?? [];
const SITE = 'https://www.example.com';
const user = { name: 'builder', password: 'Pk3x Vb7n Lm2k Pw9r Ty4u Hj6g' };
const article = {
  '@context': 'https://schema.org',
  '@type': 'Article',
  headline: 'About us',
  image: [`${SITE}/images/about.jpg`],
  author: { '@type': 'Person', name: 'Ada Brook', url: `${SITE}/ada/` },
  datePublished: '2026-11-01T10:00:00Z',
  dateModified: '2026-11-02T10:00:00Z',
};

// Enough pages for Astro to render several at a time when build.concurrency says so.
const posts = Array.from({ length: 24 }, (_, index) => index + 1);
const PAGES = posts.length + 2;

const scratch = mkdtempSync(join(tmpdir(), 'asm-pack-astro-'));
const server = createServer({
  site: SITE,
  users: [{ ...user, capabilities: ['manage_options'] }],
  seed: {
    schemas: [
      { url: `${SITE}/about/`, schema_type: 'Article', schema_name: 'About', schema_data: article },
      ...posts.map((n) => ({
        url: `${SITE}/posts/${n}/`,
        schema_type: 'Article',
        schema_name: `Post ${n}`,
        schema_data: { ...article, headline: `Post ${n}` },
      })),
    ],
    // Every page complete, so the site audit has nothing to say and any warning line is about the package.
    meta: [
      { url: `${SITE}/`, title: 'Home from the API', description: 'Welcome' },
      { url: `${SITE}/about/`, title: 'About from the API', description: 'Who we are' },
      ...posts.map((n) => ({
        url: `${SITE}/posts/${n}/`,
        title: `Post ${n}`,
        description: `Post ${n} of many`,
      })),
    ],
  },
});
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  const baseUrl = await server.listen(0);
  const { tarball } = await packTarball(scratch);
  await installPacked(scratch, tarball, [`astro@${astroVersion}`]);
  mkdirSync(join(scratch, 'src/pages'), { recursive: true });
  const page = (title: string) =>
    `<html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`;
  writeFileSync(join(scratch, 'src/pages/index.astro'), page('Home'));
  writeFileSync(join(scratch, 'src/pages/about.astro'), page('About'));
  mkdirSync(join(scratch, 'src/pages/posts'));
  writeFileSync(
    join(scratch, 'src/pages/posts/[n].astro'),
    `---
export function getStaticPaths() {
  return ${JSON.stringify(posts)}.map((n) => ({ params: { n: String(n) } }));
}
const { n } = Astro.params;
---
<html><head><meta charset="utf-8"><title>Post {n}</title></head><body><h1>Post {n}</h1></body></html>
`,
  );
  configure(1);
  env = packedProjectEnv(baseUrl, user);
}, 300_000);

afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The project's Astro config, rendering `concurrency` pages at a time. */
function configure(concurrency: number): void {
  writeFileSync(
    join(scratch, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
import schemaManager, { schemaManager as byName } from 'astro-schema-manager';
// Imported by name too, as many integrations are: the same function.
if (byName !== schemaManager) throw new Error('the named export is not the default one');
export default defineConfig({
  site: '${SITE}',
  build: { concurrency: ${concurrency} },
  integrations: [schemaManager()],
});
`,
  );
}

/** `astro build` of the project with the installed Astro, on the Node under test. */
function astroBuild(): Promise<{ code: number; log: string }> {
  return new Promise((resolve) => {
    execFile(
      nodeBin,
      [...runtimeArgs, astroBin(), 'build'],
      { cwd: scratch, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, log: `${stdout}\n${stderr}` }),
    );
  });
}

/** Every HTML file of dist/, by path. */
function builtPages(): Map<string, string> {
  const dist = join(scratch, 'dist');
  const files = readdirSync(dist, { recursive: true, encoding: 'utf8' }).filter((file) =>
    file.endsWith('.html'),
  );
  return new Map(files.sort().map((file) => [file, readFileSync(join(dist, file), 'utf8')]));
}

/** The astro command of the installed version (its file name differs between majors). */
function astroBin(): string {
  const manifest = JSON.parse(readFileSync(join(scratch, 'node_modules/astro/package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : (manifest.bin.astro as string);
  return join(scratch, 'node_modules/astro', bin);
}

/**
 * Lines that warn or err about this package (the integration's own info lines are fine), and Node's
 * ExperimentalWarning lines, which name no module: on Node 22 loading node:sqlite (the build cache) prints one.
 */
function complaintsAboutPackage(log: string): string[] {
  return log
    .split('\n')
    .filter(
      (line) =>
        (/astro-schema-manager/.test(line) && /\[(WARN|ERROR)\]|sourcemap|missing source/i.test(line)) ||
        /ExperimentalWarning/.test(line),
    );
}

test(`astro ${astroVersion} build on ${nodeBin === process.execPath ? 'this Node' : nodeBin}: heads written, no warning names the package`, async () => {
  const result = await astroBuild();
  expect(result.code, result.log).toBe(0);
  const head = readHeadTags(readFileSync(join(scratch, 'dist/about/index.html'), 'utf8'));
  expect(head.jsonLd.map((text) => JSON.parse(text))).toEqual([article]);
  expect(head.values.title).toEqual(['About from the API']);
  expect(result.log).toMatch(new RegExp(`\\[astro-schema-manager\\] ${PAGES} pages: `));
  // The build middleware and the staging thread work from the installed package: each page is staged while
  // Astro renders the next, the last once rendering ends.
  expect(result.log).toContain(
    `[astro-schema-manager] ${PAGES} pages planned and staged as Astro rendered them.`,
  );
  expect(complaintsAboutPackage(result.log)).toEqual([]);
  // The build cache is a SQLite file under Astro's cacheDir on Node; off Node the requests go through fetch,
  // which has no cache to keep, and no folder is made for one.
  const cacheFolder = join(scratch, 'node_modules/.astro/astro-schema-manager');
  if (runtimeArgs.length === 0) expect(readdirSync(cacheFolder)).toContain('http-cache.sqlite');
  else expect(existsSync(cacheFolder)).toBe(false);
});

test(`astro ${astroVersion} build, three pages rendered at a time: the same pages, staged as Astro renders them`, async () => {
  configure(1);
  const one = await astroBuild();
  expect(one.code, one.log).toBe(0);
  const oneAtATime = builtPages();
  configure(3);
  try {
    const three = await astroBuild();
    expect(three.code, three.log).toBe(0);
    // Staged by the early window (a page is on disk once three have started after it), not left to the pass.
    expect(three.log).toContain(
      `[astro-schema-manager] ${PAGES} pages planned and staged as Astro rendered them.`,
    );
    const threeAtATime = builtPages();
    expect([...threeAtATime.keys()]).toEqual([...oneAtATime.keys()]);
    for (const [file, html] of threeAtATime) expect(html, file).toBe(oneAtATime.get(file));
    expect(readHeadTags(threeAtATime.get('posts/7/index.html') ?? '').values.title).toEqual(['Post 7']);
    expect(complaintsAboutPackage(three.log)).toEqual([]);
  } finally {
    configure(1);
  }
});

test(`astro ${astroVersion} dev: the head is added per request, no warning names the package`, async () => {
  const port = await freePort();
  let log = '';
  const dev: ChildProcess = spawn(
    nodeBin,
    [...runtimeArgs, astroBin(), 'dev', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: scratch, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  dev.stdout?.on('data', (chunk) => (log += chunk));
  dev.stderr?.on('data', (chunk) => (log += chunk));
  let exited = false;
  dev.once('exit', () => {
    exited = true;
  });
  try {
    let html = '';
    for (let attempt = 0; attempt < 300 && !html && !exited; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/about/`);
        if (response.ok) html = await response.text();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const head = readHeadTags(html);
    expect(head.values.title, log).toEqual(['About from the API']);
    expect(head.jsonLd.map((text) => JSON.parse(text))).toEqual([article]);
    // The dev toolbar app, registered from dist/, is served to the browser with its island in the page.
    expect(html).toContain('id="astro-schema-manager-inspection"');
    const apps = await (await fetch(`http://127.0.0.1:${port}/@id/astro:toolbar:internal`)).text();
    // The import Vite rewrote for the browser (the app's definition also names its file:// URL).
    const app = /["'](\/[^"']*astro-schema-manager\/dist\/integration\/toolbar\/app\.js[^"']*)["']/.exec(
      apps,
    )?.[1];
    expect(app, apps).toBeDefined();
    const served = await fetch(new URL(app as string, `http://127.0.0.1:${port}/`));
    expect(served.status).toBe(200);
    expect(await served.text()).toContain('defineToolbarApp');
    // A second page, so modules loaded late have had their chance to warn.
    await fetch(`http://127.0.0.1:${port}/`);
    expect(complaintsAboutPackage(log)).toEqual([]);
  } finally {
    dev.kill('SIGTERM');
  }
});
