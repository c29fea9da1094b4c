// The packed package in a site on @astrojs/cloudflare, served by Cloudflare's own runtime (workerd, through
// `wrangler dev --local`): on-demand pages get their head at request time through the runtime's fetch (undici
// cannot run there: workerd compiles no WebAssembly at run time), also with a compatibility_date before Node's
// modules: the request-time pass imports none of them.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../../src/head/index.ts';
import { createServer } from '../../src/server/index.ts';
import { freePort } from '../support/loopback.ts';
import { installPacked, packedProjectEnv, packTarball, repoRoot } from '../support/pack.ts';

// Exact versions: the adapter's or wrangler's next release must not turn this suite red on its own.
const ADAPTER_PACKAGES = ['@astrojs/cloudflare@14.3.3', 'wrangler@4.164.0'];
const astroVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/astro/package.json'), 'utf8')) as { version: string }
).version;
const SITE = 'https://www.example.com';
const user = { name: 'builder', password: 'Pk3x Vb7n Lm2k Pw9r Ty4u Hj6g' };
const schema = { '@context': 'https://schema.org', '@type': 'WebPage', name: 'Live, from the CMS' };

const scratch = mkdtempSync(join(tmpdir(), 'asm-cloudflare-'));
const server = createServer({
  site: SITE,
  users: [{ ...user, capabilities: ['manage_options'] }],
  seed: {
    schemas: [{ url: `${SITE}/live`, schema_type: 'WebPage', schema_name: 'Live', schema_data: schema }],
    meta: [
      { url: `${SITE}/`, title: 'Home from the CMS', description: 'Welcome' },
      { url: `${SITE}/live`, title: 'Live from the CMS', description: 'On demand' },
    ],
  },
});
let buildLog = '';
let projectEnv: NodeJS.ProcessEnv;

beforeAll(async () => {
  const api = await server.listen(0);
  const { tarball } = await packTarball(scratch);
  await installPacked(scratch, tarball, [`astro@${astroVersion}`, ...ADAPTER_PACKAGES]);
  const page = (title: string, onDemand: boolean) =>
    `---\nexport const prerender = ${!onDemand};\n---\n<html><head><meta charset="utf-8"><title>${title}</title></head><body><h1>${title}</h1></body></html>\n`;
  mkdirSync(join(scratch, 'src/pages'), { recursive: true });
  writeFileSync(join(scratch, 'src/pages/index.astro'), page('Home', false));
  writeFileSync(join(scratch, 'src/pages/live.astro'), page('Live', true));
  writeFileSync(
    join(scratch, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
import cloudflare from '@astrojs/cloudflare';
import schemaManager from 'astro-schema-manager';
export default defineConfig({ site: '${SITE}', output: 'server', adapter: cloudflare(), integrations: [schemaManager()] });
`,
  );
  // The worker reads the API's address and credentials from its own variables, as a deployed one would.
  writeFileSync(
    join(scratch, '.dev.vars'),
    `SCHEMA_MANAGER_API=${api}\nSCHEMA_MANAGER_USER=${user.name}\nSCHEMA_MANAGER_PASSWORD="${user.password}"\n`,
  );
  projectEnv = packedProjectEnv(api, user);
  buildLog = await new Promise<string>((resolve, reject) => {
    execFile(
      process.execPath,
      [join(scratch, 'node_modules/astro/bin/astro.mjs'), 'build'],
      { cwd: scratch, env: projectEnv, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        error ? reject(new Error(`${stdout}\n${stderr}`)) : resolve(`${stdout}\n${stderr}`),
    );
  });
}, 600_000);

afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

/** `wrangler dev --local` of the built worker, with its compatibility_date set to `date` when given. */
async function startWorker(date?: string): Promise<{
  origin: string;
  log: () => string;
  waitFor: (line: RegExp) => Promise<void>;
  stop: () => void;
}> {
  const config = join(scratch, 'dist/server/wrangler.json');
  const original = readFileSync(config, 'utf8');
  const settings = JSON.parse(original) as { compatibility_date: string };
  if (date) writeFileSync(config, JSON.stringify({ ...settings, compatibility_date: date }));
  const port = await freePort();
  let output = '';
  const worker: ChildProcess = spawn(
    process.execPath,
    [
      join(scratch, 'node_modules/wrangler/bin/wrangler.js'),
      'dev',
      '--local',
      '--ip',
      '127.0.0.1',
      '--port',
      String(port),
    ],
    {
      cwd: scratch,
      env: { PATH: process.env.PATH, HOME: process.env.HOME, NO_COLOR: '1', WRANGLER_SEND_METRICS: 'false' },
      stdio: ['ignore', 'pipe', 'pipe'],
      detached: true,
    },
  );
  worker.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  worker.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  const origin = `http://127.0.0.1:${port}`;
  const stop = () => {
    // wrangler starts workerd as a child of its own: the whole group goes.
    try {
      process.kill(-(worker.pid as number), 'SIGTERM');
    } catch {}
    writeFileSync(config, original);
  };
  const waitFor = async (line: RegExp) => {
    for (let attempt = 0; attempt < 600 && !line.test(output); attempt++) {
      if (worker.exitCode !== null) break;
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    if (!line.test(output)) throw new Error(`wrangler dev never printed ${line}:\n${output}`);
  };
  try {
    await waitFor(/Ready on http/);
  } catch (error) {
    stop();
    throw error;
  }
  return { origin, log: () => output, waitFor, stop };
}

test('the build writes the prerendered page and leaves the on-demand one to the worker', () => {
  expect(buildLog).not.toMatch(/\[(WARN|ERROR)\] \[astro-schema-manager\]/);
  const home = readHeadTags(readFileSync(join(scratch, 'dist/client/index.html'), 'utf8'));
  expect(home.values.title).toEqual(['Home from the CMS']);
});

test('in workerd, an on-demand page gets its head from the CMS, through the runtime’s fetch', async () => {
  const worker = await startWorker();
  try {
    for (let view = 0; view < 2; view++) {
      const response = await fetch(`${worker.origin}/live`);
      expect(response.status).toBe(200);
      const head = readHeadTags(await response.text());
      expect(head.values.title).toEqual(['Live from the CMS']);
      expect(head.jsonLd.map((text) => JSON.parse(text))).toEqual([schema]);
    }
    await worker.waitFor(/GET \/live 200[\s\S]*GET \/live 200/);
    expect(worker.log()).not.toContain('astro-schema-manager');
  } finally {
    worker.stop();
  }
}, 120_000);

test('in a workerd without Node’s modules, an on-demand page gets its head all the same', async () => {
  // Before 2024-09-23 workerd has no node:* modules unless asked: the request-time pass needs none.
  const worker = await startWorker('2024-09-01');
  try {
    for (let view = 0; view < 2; view++) {
      const response = await fetch(`${worker.origin}/live`);
      expect(response.status).toBe(200);
      const html = await response.text();
      if (process.env.SHOWLOG) console.log(worker.log(), html.slice(0, 600));
      expect(readHeadTags(html).values.title).toEqual(['Live from the CMS']);
    }
    expect((await fetch(`${worker.origin}/missing`)).status).toBe(404);
    // wrangler prints a worker's lines as they come: wait for the last request's.
    await worker.waitFor(/GET \/missing/);
    expect(worker.log()).not.toContain('astro-schema-manager');
  } finally {
    worker.stop();
  }
}, 120_000);

test('astro dev, which runs the pages in workerd too, adds the CMS head to the on-demand page', async () => {
  const port = await freePort();
  let output = '';
  const dev: ChildProcess = spawn(
    process.execPath,
    [join(scratch, 'node_modules/astro/bin/astro.mjs'), 'dev', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: scratch, env: projectEnv, stdio: ['ignore', 'pipe', 'pipe'], detached: true },
  );
  dev.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  dev.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  try {
    let html = '';
    for (let attempt = 0; attempt < 600 && !html; attempt++) {
      html = await fetch(`http://127.0.0.1:${port}/live`).then(
        (response) => (response.ok ? response.text() : ''),
        () => '',
      );
      if (!html) await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const head = readHeadTags(html);
    expect(head.values.title, output).toEqual(['Live from the CMS']);
    expect(head.jsonLd.map((text) => JSON.parse(text))).toEqual([schema]);
    expect(output).not.toMatch(/\[(WARN|ERROR)\] (\[vite\] )?\[astro-schema-manager\]/);
  } finally {
    try {
      process.kill(-(dev.pid as number), 'SIGTERM');
    } catch {}
  }
}, 120_000);
