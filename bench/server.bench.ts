// Load test of the reference server: 10,000 stored schemas, the server in a child process, autocannon here.
// Run: node bench/server.bench.ts [--duration 5] [--connections 50]
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createRequire } from 'node:module';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { parseArgs } from 'node:util';
import { createStore } from '../src/server/index.ts';

interface AutocannonResult {
  requests: { average: number; total: number };
  latency: { p50: number; p99: number };
  non2xx: number;
  errors: number;
}
type Autocannon = (options: Record<string, unknown>) => Promise<AutocannonResult>;
const autocannon = createRequire(import.meta.url)('autocannon') as Autocannon;

const { values } = parseArgs({
  options: { duration: { type: 'string', default: '5' }, connections: { type: 'string', default: '50' } },
});
const count = 10_000;
const password = 'bench-password';
const dir = mkdtempSync(join(tmpdir(), 'server-bench-'));
const db = join(dir, 'bench.sqlite');

// Seed straight into the store, in one transaction: the bench measures reads, not 10,000 POSTs.
const store = createStore(db);
store.transaction(() => {
  for (let i = 0; i < count; i++) {
    const url = `https://example.com/page/${i}/`;
    const data = { '@context': 'https://schema.org', '@type': 'WebPage', name: `Page ${i}`, url };
    store.createSchema({
      url,
      schema_type: 'WebPage',
      schema_name: `Page ${i}`,
      schema_data: JSON.stringify(data),
      is_active: true,
    });
    store.setMeta(url, { title: `Page ${i}`, description: `About page ${i}` });
  }
});
store.close();

const main = fileURLToPath(new URL('../src/cli/main.ts', import.meta.url));
// Users through the environment: a password on the command line would show in the process list.
const child = spawn(process.execPath, [main, 'serve', '--db', db], {
  stdio: ['ignore', 'pipe', 'inherit'],
  env: { ...process.env, SCHEMA_MANAGER_SERVE_USERS: `bench:${password}:manage_options` },
});
const baseUrl = await new Promise<string>((resolve, reject) => {
  let out = '';
  child.stdout.on('data', (chunk) => {
    out += chunk;
    const match = /Listening on (\S+)/.exec(out);
    if (match) resolve(match[1]!);
  });
  child.once('exit', (code) => reject(new Error(`serve exited with ${code}`)));
});
const base = new URL(baseUrl);
const authorization = `Basic ${Buffer.from(`bench:${password}`).toString('base64')}`;

let next = 0;
/** A different stored URL on every request, so no answer is served from one hot row. */
const varyingUrl = (route: string) => (request: { path: string }) => {
  request.path = `${base.pathname}${route}?url=${encodeURIComponent(`https://example.com/page/${next++ % count}/`)}`;
  return request;
};

const rows: string[] = [];
for (const [route, headers] of [
  ['/schemas-by-url', {}],
  ['/meta', { authorization }],
] as const) {
  const result = await autocannon({
    url: base.origin,
    connections: Number(values.connections),
    duration: Number(values.duration),
    headers,
    requests: [{ method: 'GET', setupRequest: varyingUrl(route) }],
  });
  const failed = result.non2xx + result.errors;
  rows.push(
    `GET ${route.padEnd(16)} ${result.requests.average.toFixed(0).padStart(7)} req/s   ` +
      `p50 ${result.latency.p50} ms   p99 ${result.latency.p99} ms   ${result.requests.total} requests` +
      (failed ? `   ${failed} FAILED` : ''),
  );
}
child.kill('SIGTERM');
await new Promise((resolve) => child.once('exit', resolve));
rmSync(dir, { recursive: true, force: true });
process.stdout.write(
  `Reference server, ${count} schemas, ${values.connections} connections, ${values.duration} s per route:\n${rows.join('\n')}\n`,
);
