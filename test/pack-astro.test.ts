// The packed tarball inside a real Astro project, installed with npm as a user would: `astro build` writes
// the heads and `astro dev` serves them, and no warning line names the package. `npm run test:compat` runs
// this file under each supported Astro (COMPAT_ASTRO) and Node (COMPAT_NODE).
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
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

const scratch = mkdtempSync(join(tmpdir(), 'asm-pack-astro-'));
const server = createServer({
  site: SITE,
  users: [{ ...user, capabilities: ['manage_options'] }],
  seed: {
    schemas: [{ url: `${SITE}/about/`, schema_type: 'Article', schema_name: 'About', schema_data: article }],
    // Both pages complete, so the site audit has nothing to say and any warning line is about the package.
    meta: [
      { url: `${SITE}/`, title: 'Home from the API', description: 'Welcome' },
      { url: `${SITE}/about/`, title: 'About from the API', description: 'Who we are' },
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
  writeFileSync(
    join(scratch, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
import schemaManager from 'astro-schema-manager';
export default defineConfig({ site: '${SITE}', integrations: [schemaManager()] });
`,
  );
  env = packedProjectEnv(baseUrl, user);
}, 300_000);

afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** The astro command of the installed version (its file name differs between majors). */
function astroBin(): string {
  const manifest = JSON.parse(readFileSync(join(scratch, 'node_modules/astro/package.json'), 'utf8')) as {
    bin: string | Record<string, string>;
  };
  const bin = typeof manifest.bin === 'string' ? manifest.bin : (manifest.bin.astro as string);
  return join(scratch, 'node_modules/astro', bin);
}

/** Lines that warn or err about this package (the integration's own info lines are fine). */
function complaintsAboutPackage(log: string): string[] {
  return log
    .split('\n')
    .filter(
      (line) => /astro-schema-manager/.test(line) && /\[(WARN|ERROR)\]|sourcemap|missing source/i.test(line),
    );
}

test(`astro ${astroVersion} build on ${nodeBin === process.execPath ? 'this Node' : nodeBin}: heads written, no warning names the package`, async () => {
  const astro = astroBin();
  const result = await new Promise<{ code: number; log: string }>((resolve) => {
    execFile(
      nodeBin,
      [astro, 'build'],
      { cwd: scratch, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, log: `${stdout}\n${stderr}` }),
    );
  });
  expect(result.code, result.log).toBe(0);
  const head = readHeadTags(readFileSync(join(scratch, 'dist/about/index.html'), 'utf8'));
  expect(head.jsonLd.map((text) => JSON.parse(text))).toEqual([article]);
  expect(head.values.title).toEqual(['About from the API']);
  expect(result.log).toMatch(/\[astro-schema-manager\] 2 pages: /);
  // The build middleware and the staging thread work from the installed package: the first of the two pages
  // is staged while Astro renders the second.
  expect(result.log).toContain('[astro-schema-manager] 2 pages planned and staged as Astro rendered them.');
  expect(complaintsAboutPackage(result.log)).toEqual([]);
});

test(`astro ${astroVersion} dev: the head is added per request, no warning names the package`, async () => {
  const port = await freePort();
  let log = '';
  const dev: ChildProcess = spawn(
    nodeBin,
    [astroBin(), 'dev', '--host', '127.0.0.1', '--port', String(port)],
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
