// What the real-WordPress tests share: clients closed once a file's tests are done, and the CLI run as users run it.
import { execFile } from 'node:child_process';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { afterAll } from 'vitest';
import { createClient, type SchemaClient } from '../../src/client/index.ts';

type ClientOptions = Parameters<typeof createClient>[0];

/**
 * A maker of clients for one test file (or `describe`), each closed after its tests: with no retries, as what a
 * site answers first is the question, and with `defaults` under the options given.
 */
export function clientsClosedAfterAll(defaults: Partial<ClientOptions> = {}) {
  const clients: SchemaClient[] = [];
  afterAll(async () => {
    await Promise.all(clients.map((client) => client.close()));
  });
  return (options: Partial<ClientOptions> = {}): SchemaClient => {
    const made = createClient({ retries: 0, ...defaults, ...options } as ClientOptions);
    clients.push(made);
    return made;
  };
}

const repo = join(import.meta.dirname, '../..');
const run = promisify(execFile);

/** The CLI from source in a child process in `dir`, with only the given SCHEMA_MANAGER_ variables. */
export async function runCli(
  dir: string,
  args: string[],
  env: Record<string, string>,
): Promise<{ code: number; stdout: string; stderr: string }> {
  const inherited = Object.fromEntries(
    Object.entries(process.env).filter(([name]) => !name.startsWith('SCHEMA_MANAGER_')),
  );
  try {
    const { stdout, stderr } = await run(process.execPath, [join(repo, 'src/cli/main.ts'), ...args], {
      cwd: dir,
      env: { ...inherited, NO_COLOR: '1', ...env },
    });
    return { code: 0, stdout, stderr };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, stdout: failed.stdout, stderr: failed.stderr };
  }
}
