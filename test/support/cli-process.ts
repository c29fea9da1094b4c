// The CLI as a user runs it: a child process with credentials in the environment, against reference servers
// started in this process on loopback. Every run asserts that no password shows in its output.
import { spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { expect } from 'vitest';
import { createClient, type SchemaRecord } from '../../src/client/index.ts';
import { createServer, type ReferenceServer, type SeedFile } from '../../src/server/index.ts';

// Built: the CLI as the package ships it (test/support/global-setup.ts builds dist/ when it is stale).
const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

export const admin = {
  name: 'admin',
  password: 'Adm1n s3cret Pass w0rd',
  capabilities: ['manage_options' as const],
};
export const editor = { name: 'editor', password: 'Ed1tor-s3cret', capabilities: ['edit_posts' as const] };
const secrets = [admin.password, editor.password, 'wrong-s3cret'];

export interface Run {
  code: number | null;
  stdout: string;
  stderr: string;
}

/** The CLI's entry point, to run it through another program. */
export const cliMain = main;

/** The SCHEMA_MANAGER_* variables for `user` on `api`. */
export const as = (user: { name: string; password: string }, api: string) => ({
  SCHEMA_MANAGER_API: api,
  SCHEMA_MANAGER_USER: user.name,
  SCHEMA_MANAGER_PASSWORD: user.password,
});

/**
 * Runs and servers for one test file: `cli` runs the CLI in `cwd` with only the given SCHEMA_MANAGER_*
 * variables; `startApi` starts a reference server with the admin and the editor; `close` stops them all.
 */
export function cliHarness(cwd: string) {
  const servers: ReferenceServer[] = [];
  return {
    async startApi(options: { seed?: SeedFile; site?: string[] } = {}): Promise<string> {
      const server = createServer({ users: [admin, editor], ...options });
      servers.push(server);
      return server.listen(0);
    },
    /** `through` runs another program instead (e.g. `script`, for a terminal), with the same environment. */
    cli(
      args: string[],
      env: Record<string, string> = {},
      input?: string,
      through?: { command: string; args: string[] },
    ): Promise<Run> {
      const base = Object.fromEntries(
        Object.entries(process.env).filter(([key]) => !key.startsWith('SCHEMA_MANAGER_')),
      );
      const child = spawn(through?.command ?? process.execPath, through?.args ?? [main, ...args], {
        env: { ...base, NO_COLOR: '1', ...env },
        cwd,
        stdio: ['pipe', 'pipe', 'pipe'],
      });
      let stdout = '';
      let stderr = '';
      child.stdout.on('data', (chunk) => (stdout += chunk));
      child.stderr.on('data', (chunk) => (stderr += chunk));
      child.stdin.end(input ?? '');
      const done = new Promise<number | null>((resolve) => child.once('close', resolve));
      return done.then((code) => {
        for (const secret of secrets) expect(stdout + stderr).not.toContain(secret);
        return { code, stdout, stderr };
      });
    },
    close: () => Promise.all(servers.map((server) => server.close())),
  };
}

/** Every record the server holds, read as the admin. */
export async function readBack(api: string): Promise<SchemaRecord[]> {
  const client = createClient({ baseUrl: api, username: admin.name, password: admin.password });
  const records: SchemaRecord[] = [];
  for await (const record of client.schemas.listAll()) records.push(record);
  await client.close();
  return records;
}

/** A Schema.org JSON-LD document of `type` with `extra` properties, for seeds and pull files. */
export const jsonLd = (type: string, extra: Record<string, unknown> = {}) => ({
  '@context': 'https://schema.org',
  '@type': type,
  ...extra,
});
