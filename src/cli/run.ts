import { type ParseArgsConfig, parseArgs } from 'node:util';

/** A subcommand: its options in `node:util` parseArgs form, and what it does with them. */
export interface Command {
  summary: string;
  usage: string;
  options: NonNullable<ParseArgsConfig['options']>;
  allowPositionals?: boolean;
  /** Returns the process exit code. */
  run(args: { values: Record<string, unknown>; positionals: string[] }): Promise<number>;
}

type CommandTable = Record<string, () => Promise<{ command: Command }>>;

/** Every subcommand, imported lazily so `check` does not pay for the server's modules. */
export const commands: CommandTable = {
  serve: () => import('./serve.ts'),
  check: () => import('./check.ts'),
  validate: () => import('./validate.ts'),
  pull: () => import('./pull.ts'),
  push: () => import('./push.ts'),
  scan: () => import('./scan.ts'),
  bulk: () => import('./bulk.ts'),
};

/** A mistake in how the command was called: printed with the usage, exit code 2. */
export class UsageError extends Error {}

export async function runCli(argv: string[], table: CommandTable): Promise<number> {
  const [name, ...rest] = argv;
  if (!name || name === '--help' || name === '-h' || name === 'help') {
    process.stdout.write(await overview(table));
    return name ? 0 : 2;
  }
  if (name === '--version' || name === '-v') {
    const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
    process.stdout.write(`${version}\n`);
    return 0;
  }
  const load = table[name];
  if (!load) {
    process.stderr.write(`Unknown command "${name}".\n\n${await overview(table)}`);
    return 2;
  }
  const { command } = await load();
  if (rest.includes('--help') || rest.includes('-h')) {
    process.stdout.write(`${command.usage}\n`);
    return 0;
  }
  try {
    const parsed = parseArgs({
      args: rest,
      options: command.options,
      allowPositionals: command.allowPositionals ?? false,
      strict: true,
    });
    return await command.run({
      values: parsed.values as Record<string, unknown>,
      positionals: parsed.positionals,
    });
  } catch (error) {
    if (error instanceof UsageError || isParseArgsError(error)) {
      process.stderr.write(`astro-schema-manager ${name}: ${(error as Error).message}\n\n${command.usage}\n`);
      return 2;
    }
    process.stderr.write(
      `astro-schema-manager ${name}: ${error instanceof Error ? error.message : String(error)}\n`,
    );
    return 1;
  }
}

function isParseArgsError(error: unknown): boolean {
  const code = (error as { code?: unknown })?.code;
  return typeof code === 'string' && code.startsWith('ERR_PARSE_ARGS_');
}

async function overview(table: CommandTable): Promise<string> {
  const lines = ['Usage: astro-schema-manager <command> [options]', '', 'Commands:'];
  for (const [name, load] of Object.entries(table)) {
    const { command } = await load();
    lines.push(`  ${name.padEnd(10)} ${command.summary}`);
  }
  lines.push('', 'Run `astro-schema-manager <command> --help` for its options.', '');
  return lines.join('\n');
}
