// The command line itself: help from a table that loads no command, aligned options, help <command>,
// suggestions for mistyped commands and flags, typed values, and API errors as `field: reason` lines.
import { execFile, spawn } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, test, vi } from 'vitest';
import type { CommandTable } from '../../src/cli/commands.ts';
import { commands } from '../../src/cli/commands.ts';
import { runCli } from '../../src/cli/run.ts';
import { createServer } from '../../src/server/index.ts';

const main = fileURLToPath(new URL('../../dist/cli/main.js', import.meta.url));

function cli(
  args: string[],
  env: NodeJS.ProcessEnv = {},
): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    execFile(
      process.execPath,
      [main, ...args],
      { env: { ...process.env, ...env } },
      (error, stdout, stderr) => resolve({ code: error ? Number(error.code) : 0, stdout, stderr }),
    );
  });
}

/** Runs the CLI in this process with stdout captured. */
async function inProcess(args: string[], table: CommandTable): Promise<{ code: number; out: string }> {
  let out = '';
  const spy = vi.spyOn(process.stdout, 'write').mockImplementation((chunk) => {
    out += String(chunk);
    return true;
  });
  try {
    return { code: await runCli(args, table), out };
  } finally {
    spy.mockRestore();
  }
}

test('the overview lists every command without importing any command module', async () => {
  const loaded: string[] = [];
  const table: CommandTable = Object.fromEntries(
    Object.entries(commands).map(([name, entry]) => [
      name,
      {
        summary: entry.summary,
        load: () => {
          loaded.push(name);
          return entry.load();
        },
      },
    ]),
  );
  const { code, out } = await inProcess(['--help'], table);
  expect(code).toBe(0);
  for (const name of Object.keys(commands)) expect(out).toMatch(new RegExp(`^  ${name} +\\S`, 'm'));
  expect(loaded).toEqual([]);

  const help = await inProcess(['help', 'check'], table);
  expect(help.code).toBe(0);
  expect(loaded).toEqual(['check']);
  expect(help.out).toContain('Usage: astro-schema-manager check [options] [paths...]');
  // Every option's description starts in the same column.
  const columns = help.out
    .split('\n')
    .filter((line) => /^ {2}-/.test(line))
    .map((line) => /^ {2}\S.*?\s{2,}(?=\S)/.exec(line)?.[0].length);
  expect(columns.length).toBeGreaterThan(3);
  expect(new Set(columns).size).toBe(1);
});

test('mistyped commands and flags get a suggestion and a pointer to --help, not the whole help', async () => {
  const flag = await cli(['check', '--formt', 'json', '.']);
  expect(flag.code).toBe(2);
  expect(flag.stderr).toContain("astro-schema-manager check: unknown option '--formt'");
  expect(flag.stderr).toContain('Did you mean --format?');
  expect(flag.stderr).toContain('astro-schema-manager check --help');
  expect(flag.stderr).not.toContain('Options:');

  const command = await cli(['chek', '.']);
  expect(command.code).toBe(2);
  expect(command.stderr).toContain('Did you mean check?');
  expect(command.stderr).toContain('(run "astro-schema-manager --help" for the commands)');
  const unknown = await cli(['frobnicate']);
  expect(unknown.stderr).toBe(
    'astro-schema-manager: unknown command \'frobnicate\'\n(run "astro-schema-manager --help" for the commands)\n',
  );

  // `help <command>` with a mistyped name too: not the whole help, with exit 2 and no word of what was wrong.
  const help = await cli(['help', 'pul']);
  expect(help.code).toBe(2);
  expect(help.stdout).toBe('');
  expect(help.stderr).toBe(
    'astro-schema-manager: unknown command \'pul\'\n(Did you mean pull?)\n(run "astro-schema-manager --help" for the commands)\n',
  );

  const choice = await cli(['check', '--format', 'yaml', '.']);
  expect(choice.code).toBe(2);
  expect(choice.stderr).toMatch(/Allowed choices are pretty, json, junit, github/);
  expect(choice.stderr).not.toContain('Did you mean');
  // A near miss of a choice, for an option or an argument, names it.
  expect((await cli(['check', '--format', 'jsn', '.'])).stderr).toContain('\n(Did you mean json?)\n');
  const action = await cli(['bulk', 'fixx']);
  expect(action.code).toBe(2);
  expect(action.stderr).toBe(
    "astro-schema-manager bulk: command-argument value 'fixx' is invalid for argument 'action'. Allowed choices are fix, cleanup, duplicates.\n" +
      '(Did you mean fix?)\n(run "astro-schema-manager bulk --help" for its options)\n',
  );

  const number = await cli(['serve', '--port', 'eighty']);
  expect(number.code).toBe(2);
  expect(number.stderr).toContain('--port must be a whole number from 0 to 65535');
});

test('a missing argument is told what to give, with an example, not only its name', async () => {
  const push = await cli(['push']);
  expect(push.code).toBe(2);
  expect(push.stderr).toBe(
    'astro-schema-manager push: name what to push: the file pull writes by default (push schemas.json), a directory of page files (push seo/), or - for stdin.\n' +
      '(run "astro-schema-manager push --help" for its options)\n',
  );
  const bulk = await cli(['bulk']);
  expect(bulk.code).toBe(2);
  expect(bulk.stderr).toContain(
    'astro-schema-manager bulk: name the repair to run: fix, cleanup, duplicates',
  );
  expect(bulk.stderr).not.toContain('missing required argument');
});

test('a reader that closes the pipe early (help | head) ends the output quietly', async () => {
  const child = spawn(process.execPath, [main, 'help', 'check'], { stdio: ['ignore', 'pipe', 'pipe'] });
  let stderr = '';
  child.stderr.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  // As `head` does once it has read its lines, before the help is written: every write finds the pipe closed.
  child.stdout.destroy();
  const code = await new Promise<number | null>((resolve) => child.on('close', resolve));
  expect(stderr).toBe('');
  expect(code).toBe(0);
});

let server: ReturnType<typeof createServer>;
let baseUrl: string;
const admin = { name: 'admin', password: 'Aa1b Cc2d Ee3f Gg4h Ii5j Kk6l' };
beforeAll(async () => {
  server = createServer({ users: [{ ...admin, capabilities: ['manage_options'] }] });
  baseUrl = await server.listen(0);
});
afterAll(() => server?.close());

test("an API refusal prints the server's reason per field, once, under one prefix", async () => {
  const result = await cli(['scan', '--url', 'ftp://example.com/x', '--api', baseUrl], {
    SCHEMA_MANAGER_USER: admin.name,
    SCHEMA_MANAGER_PASSWORD: admin.password,
  });
  expect(result.code).toBe(1);
  const lines = result.stderr.trim().split('\n');
  expect(lines[0]).toMatch(/^astro-schema-manager scan: .*\(400 rest_invalid_param at POST /);
  expect(lines[0]).not.toMatch(/scan: scan:/);
  expect(lines).toContainEqual(expect.stringMatching(/^ {2}urls\[0\]: \S/));
  expect(result.stderr.match(/urls\[0\]: /g)).toHaveLength(1);
  expect(result.stderr).not.toContain(admin.password);
});

test('--version prints the package version', async () => {
  const result = await cli(['--version']);
  expect(result.code).toBe(0);
  expect(result.stdout.trim()).toMatch(/^\d+\.\d+\.\d+/);
});
