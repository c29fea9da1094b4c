// npm run test:compat: the packed package inside a real Astro project (test/pack-astro.test.ts) under each
// Astro major of the peer range and under Node 22.19 (the engines floor), this Node (24, the repo's own) and
// the newest LTS line (26); then the same under Bun's and Deno's own runtimes (newest Astro); then on-demand
// pages on @astrojs/cloudflare in workerd (test/adapters/); then the CLI: on a Node below the floor it must say
// so in one line, and its `serve` must start quietly on each runtime. Node, Bun and Deno builds come from npm
// (node-<platform>-<arch>, @oven/bun-<platform>-<arch> and @deno/<platform>-<arch> packages, no install script)
// and are kept under the OS temp dir between runs.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = join(import.meta.dirname, '..');
const cache = join(tmpdir(), 'astro-schema-manager-compat');
const ASTRO_MAJORS = ['5', '6', '7'];
const FLOOR_NODE = '22.19.0';
const NEWEST_NODE = '26.12.1';
const OLD_NODE = '20.9.0';
const BUN = '1.4.5';
const DENO = '2.9.6';

/** The `node` binary of a version, installed from npm into the cache on first use. */
function nodeBinary(version: string): string {
  const name = `node-${process.platform}-${process.arch}`;
  return installedBinary(`node-${version}`, `${name}@${version}`, join(name, 'bin', 'node'));
}

/** Bun's binary of a version; on x64 its baseline build, which needs no AVX2. */
function bunBinary(version: string): string {
  const arch = process.arch === 'x64' ? 'x64-baseline' : process.arch === 'arm64' ? 'aarch64' : process.arch;
  const name = `@oven/bun-${process.platform}-${arch}`;
  return installedBinary(`bun-${version}`, `${name}@${version}`, join(name, 'bin', 'bun'));
}

/** Deno's binary of a version (its npm builds for Linux are glibc ones). */
function denoBinary(version: string): string {
  const name = `@deno/${process.platform}-${process.arch}${process.platform === 'linux' ? '-glibc' : ''}`;
  return installedBinary(`deno-${version}`, `${name}@${version}`, join(name, 'deno'));
}

/** A binary shipped in an npm package, installed without its scripts into the cache on first use. */
function installedBinary(folder: string, spec: string, path: string): string {
  const prefix = join(cache, folder);
  const bin = join(prefix, 'node_modules', path);
  if (!existsSync(bin)) {
    mkdirSync(prefix, { recursive: true });
    const install = spawnSync(
      'npm',
      ['install', '--prefix', prefix, '--no-save', '--no-audit', '--no-fund', '--ignore-scripts', spec],
      { stdio: 'inherit' },
    );
    if (install.status !== 0 || !existsSync(bin)) throw new Error(`Could not install ${spec} from npm.`);
  }
  return bin;
}

/**
 * Starts `astro-schema-manager serve` (an in-memory store, a free port) under `bin`, waits for its "Listening"
 * line, stops it: ok when it listened and wrote nothing on stderr.
 */
async function serveOnce(bin: string, runtimeArgs: string[] = []): Promise<{ ok: boolean; detail: string }> {
  const child = spawn(bin, [...runtimeArgs, join(root, 'dist/cli/main.js'), 'serve', '--port', '0'], {
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk) => (stdout += chunk));
  child.stderr.on('data', (chunk) => (stderr += chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  for (
    let waited = 0;
    waited < 20_000 && !stdout.includes('Listening on') && child.exitCode === null;
    waited += 100
  )
    await new Promise((resolve) => setTimeout(resolve, 100));
  child.kill('SIGTERM');
  await exited;
  const ok = stdout.includes('Listening on') && stderr.trim() === '';
  return { ok, detail: `stdout: ${stdout.split('\n')[0]} / stderr: ${stderr.trim() || '(none)'}` };
}

const results: Array<{ name: string; ok: boolean }> = [];

const nodes = [
  { label: `Node ${FLOOR_NODE}`, bin: nodeBinary(FLOOR_NODE) },
  { label: `Node ${process.versions.node}`, bin: process.execPath },
  { label: `Node ${NEWEST_NODE}`, bin: nodeBinary(NEWEST_NODE) },
];
for (const node of nodes) {
  for (const astro of ASTRO_MAJORS) {
    const name = `Astro ${astro} on ${node.label}`;
    process.stdout.write(`\n== ${name}\n`);
    const run = spawnSync(
      process.execPath,
      [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'test/pack-astro.test.ts'],
      { cwd: root, stdio: 'inherit', env: { ...process.env, COMPAT_ASTRO: astro, COMPAT_NODE: node.bin } },
    );
    results.push({ name, ok: run.status === 0 });
  }
}

// Bun's and Deno's own runtimes, with the newest Astro: the client sends through fetch there (Bun replaces
// undici; Deno is not Node).
for (const runtime of [
  { label: `Bun ${BUN} (--bun)`, bin: bunBinary(BUN) },
  { label: `Deno ${DENO} (run -A)`, bin: denoBinary(DENO) },
]) {
  const astro = ASTRO_MAJORS.at(-1)!;
  const name = `Astro ${astro} on ${runtime.label}`;
  process.stdout.write(`\n== ${name}\n`);
  const run = spawnSync(
    process.execPath,
    [join(root, 'node_modules/vitest/vitest.mjs'), 'run', 'test/pack-astro.test.ts'],
    {
      cwd: root,
      stdio: 'inherit',
      env: { ...process.env, COMPAT_ASTRO: astro, COMPAT_NODE: runtime.bin },
    },
  );
  results.push({ name, ok: run.status === 0 });
}

// On-demand pages in Cloudflare's runtime (workerd, through wrangler), on this Node: the adapter and wrangler
// come from npm.
process.stdout.write('\n== @astrojs/cloudflare in workerd\n');
const cloudflare = spawnSync(
  process.execPath,
  [join(root, 'node_modules/vitest/vitest.mjs'), 'run', '--config', 'test/adapters/vitest.config.ts'],
  { cwd: root, stdio: 'inherit' },
);
results.push({ name: '@astrojs/cloudflare: on-demand heads in workerd', ok: cloudflare.status === 0 });

// Below the floor the CLI names the version it needs, in one line, instead of failing inside Node.
const old = spawnSync(nodeBinary(OLD_NODE), [join(root, 'dist/cli/main.js'), '--help'], { encoding: 'utf8' });
const oldLines = old.stderr.trim().split('\n');
const oldOk =
  old.status === 1 && oldLines.length === 1 && oldLines[0]!.includes(`>= ${FLOOR_NODE.replace(/\.0$/, '')}`);
if (!oldOk) process.stdout.write(`CLI on Node ${OLD_NODE}: exit ${old.status}\n${old.stderr}\n`);
results.push({ name: `CLI refuses Node ${OLD_NODE} in one line`, ok: oldOk });

const floor = spawnSync(nodes[0]!.bin, [join(root, 'dist/cli/main.js'), '--help'], { encoding: 'utf8' });
results.push({
  name: `CLI help on Node ${FLOOR_NODE}`,
  ok: floor.status === 0 && floor.stdout.includes('check'),
});

// The reference server opens node:sqlite, which Node 22 calls experimental on stderr unless the package holds
// that line back; on each Node it must start and say nothing on stderr.
for (const node of [...nodes, { label: `Deno ${DENO}`, bin: denoBinary(DENO), args: ['run', '-A'] }]) {
  const name = `CLI serve on ${node.label}: starts, nothing on stderr`;
  const served = await serveOnce(node.bin, 'args' in node ? node.args : []);
  if (!served.ok) process.stdout.write(`${name}: ${served.detail}\n`);
  results.push({ name, ok: served.ok });
}

process.stdout.write('\n');
for (const result of results) process.stdout.write(`${result.ok ? 'ok  ' : 'FAIL'} ${result.name}\n`);
const failed = results.filter((result) => !result.ok).length;
process.stdout.write(`compat: ${results.length - failed} passed, ${failed} failed\n`);
process.exitCode = failed > 0 ? 1 : 0;
