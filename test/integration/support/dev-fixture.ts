// A fixture project served by a real `astro dev` on a free loopback port, for the tests that ask what dev serves.
import { type ChildProcess, spawn } from 'node:child_process';
import { rmSync } from 'node:fs';
import { freePort } from '../../support/loopback.ts';
import { astroBin, type BuildFixtureOptions, fixtureEnv, prepareFixture } from './build-fixture.ts';

export interface DevFixture {
  origin: string;
  /** The project copy being served. */
  root: string;
  /** A page's text once the server answers it with 2xx (it may still be starting). */
  get(path: string, attempts?: number): Promise<string>;
  /** What the dev server printed so far. */
  log(): string;
  /** Stops the server and removes the project copy. */
  stop(): void;
}

/** Copies the fixture, starts `astro dev` on it, and returns at once (the first `get` waits for it). */
export async function startDevFixture(options: BuildFixtureOptions): Promise<DevFixture> {
  const root = prepareFixture(options);
  const port = await freePort();
  const origin = `http://127.0.0.1:${port}`;
  let output = '';
  const dev: ChildProcess = spawn(
    process.execPath,
    [astroBin, 'dev', '--root', root, '--host', '127.0.0.1', '--port', String(port)],
    { cwd: root, env: fixtureEnv(options), stdio: ['ignore', 'pipe', 'pipe'] },
  );
  dev.stdout?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  dev.stderr?.on('data', (chunk: Buffer) => {
    output += chunk.toString();
  });
  return {
    origin,
    root,
    async get(path, attempts = 300) {
      for (let attempt = 0; attempt < attempts; attempt++) {
        try {
          const response = await fetch(`${origin}${path}`);
          if (response.ok) return await response.text();
        } catch {
          // The dev server is still starting.
        }
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
      throw new Error(`astro dev did not answer ${path}:\n${output}`);
    },
    log: () => output,
    stop() {
      dev.kill('SIGTERM');
      rmSync(root, { recursive: true, force: true });
    },
  };
}
