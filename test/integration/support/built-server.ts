// The standalone server an @astrojs/node build writes (dist/server/entry.mjs), started as a deployment starts
// it: on a free loopback port, credentials in its own environment. Resolves once it answers.
import { spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from '../../support/loopback.ts';
import { ADMIN } from './api.ts';

export interface BuiltServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** What the server printed so far, stdout and stderr. */
  log(): string;
  stop(): void;
}

/**
 * @example const server = await startBuiltServer(build.root, '/live'); await fetch(`${server.origin}/live`); server.stop();
 */
export async function startBuiltServer(
  root: string,
  /** A path that answers once the server is up. */
  readyPath: string,
  env: Record<string, string> = {},
): Promise<BuiltServer> {
  const port = await freePort();
  const child = spawn(process.execPath, [join(root, 'dist/server/entry.mjs')], {
    env: {
      ...process.env,
      HOST: '127.0.0.1',
      PORT: String(port),
      SCHEMA_MANAGER_USER: ADMIN.name,
      SCHEMA_MANAGER_PASSWORD: ADMIN.password,
      ...env,
    },
    stdio: 'pipe',
  });
  let log = '';
  child.stdout?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  child.stderr?.on('data', (chunk: Buffer) => {
    log += chunk.toString();
  });
  const server = { origin: `http://127.0.0.1:${port}`, log: () => log, stop: () => child.kill('SIGTERM') };
  for (let attempt = 0; attempt < 100 && child.exitCode === null; attempt++) {
    try {
      await fetch(`${server.origin}${readyPath}`);
      return server;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  server.stop();
  throw new Error(`the built server did not start:\n${log}`);
}
