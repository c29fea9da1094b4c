// `npm run test:wordpress`: starts a real WordPress (eleven sites and a multisite network, see environment.ts), runs the suite in
// test/wordpress/ against it, and stops everything it started, also when the suite fails or is interrupted.
import { type ChildProcess, spawn } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { startWordPress, stopEverything, TIME_ZONE, type WordPressEnvironment } from './environment.ts';

const repo = fileURLToPath(new URL('../..', import.meta.url));
const log = (line: string) => console.log(`[wordpress] ${line}`);
const started = Date.now();

let wordpress: WordPressEnvironment | undefined;
let suite: ChildProcess | undefined;
let stopping: Promise<void> | undefined;
const stop = () => (stopping ??= wordpress?.stop() ?? stopEverything());
for (const signal of ['SIGINT', 'SIGTERM'] as const) {
  process.once(signal, () => {
    log(`${signal}: stopping the suite and WordPress`);
    // The suite (and the builds it runs) in its own process group: stopped by that group's id.
    if (suite?.pid !== undefined && suite.exitCode === null) {
      try {
        process.kill(-suite.pid, 'SIGTERM');
      } catch {}
    }
    void stop().then(() => process.exit(130));
  });
}

let code = 1;
try {
  wordpress = await startWordPress(log);
  log(`ready in ${((Date.now() - started) / 1000).toFixed(1)} s`);
  const envFile = join(wordpress.stateDir, 'sites.json');
  const { sites, plainHttpProduction, quirks, multisite } = wordpress;
  writeFileSync(
    envFile,
    JSON.stringify({ timeZone: TIME_ZONE, sites, plainHttpProduction, quirks, multisite }),
  );
  code = await new Promise<number>((resolve) => {
    const vitest = spawn(
      process.execPath,
      [
        join(repo, 'node_modules/vitest/vitest.mjs'),
        'run',
        '--config',
        'test/wordpress/vitest.config.ts',
        ...process.argv.slice(2),
      ],
      { cwd: repo, stdio: 'inherit', detached: true, env: { ...process.env, SCHEMAFY_WORDPRESS: envFile } },
    );
    suite = vitest;
    vitest.on('close', (status) => resolve(status ?? 1));
  });
} catch (error) {
  console.error(error);
} finally {
  await stop();
  log(`stopped; ${((Date.now() - started) / 1000).toFixed(1)} s in all`);
}
process.exit(code);
