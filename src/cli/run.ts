// The command line: commander parses, checks types and choices, aligns help and suggests names; each
// subcommand's module is imported only when that subcommand runs or its help is asked for.
import { readFileSync } from 'node:fs';
import { Argument, CommanderError, InvalidArgumentError, Option, Command as Program } from 'commander';
import { suggestName } from '../did-you-mean.ts';
import { type Command, InputError, type OptionSpec, UsageError } from './command.ts';
import { type CommandTable, commands as defaultCommands } from './commands.ts';
import { describeError } from './print-error.ts';

const BIN = 'astro-schema-manager';

function version(): string {
  const file = new URL('../../package.json', import.meta.url);
  return (JSON.parse(readFileSync(file, 'utf8')) as { version: string }).version;
}

function wholeNumber(flags: string, bounds: { min: number; max?: number }) {
  return (value: string): number => {
    const number = Number(value);
    const inRange = number >= bounds.min && (bounds.max === undefined || number <= bounds.max);
    if (!/^\s*\d+\s*$/.test(value) || !Number.isSafeInteger(number) || !inRange) {
      const range =
        bounds.max === undefined ? `${bounds.min} or more` : `from ${bounds.min} to ${bounds.max}`;
      throw new InvalidArgumentError(`${flags.split(' ')[0]} must be a whole number ${range}.`);
    }
    return number;
  };
}

function optionOf(spec: OptionSpec): Option {
  const option = new Option(spec.flags, spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.integer) option.argParser(wholeNumber(spec.flags, spec.integer));
  if (spec.multiple)
    option.argParser((value: string, previous: string[] | undefined) => [...(previous ?? []), value]);
  // A false boolean default goes without saying in the help.
  if (spec.default !== undefined && spec.default !== false) option.default(spec.default);
  if (spec.hidden) option.hideHelp();
  return option;
}

/** Declares a loaded command's arguments and options on its commander subcommand. */
function declare(sub: Program, command: Command, done: (code: number) => void): void {
  // Paragraphs are written with line breaks for the source's width; commander wraps to the terminal's.
  sub.description((command.description ?? command.summary).replace(/([^\n])\n(?=[^\n ])/g, '$1 '));
  for (const spec of command.arguments ?? []) {
    const argument = new Argument(spec.name, spec.description);
    if (spec.choices) argument.choices(spec.choices);
    sub.addArgument(argument);
  }
  for (const spec of command.options) sub.addOption(optionOf(spec));
  if (command.epilog) sub.addHelpText('after', `\n${command.epilog}`);
  sub.action(async () => {
    const parsed = sub.opts();
    const values: Record<string, unknown> = {};
    for (const option of sub.options) {
      const name = (option.long ?? '').replace(/^--/, '');
      values[name] = parsed[option.attributeName()];
    }
    for (const spec of command.options) {
      const name =
        spec.flags
          .split(/[ ,]+/)
          .find((part) => part.startsWith('--'))
          ?.slice(2) ?? '';
      if (spec.default === false && values[name] === undefined) values[name] = false;
    }
    const positionals = sub.processedArgs
      .flat()
      .filter((value): value is string => typeof value === 'string');
    done(await command.run({ values, positionals }));
  });
}

/**
 * Runs one command line and returns the exit code: 0 success, 1 failure or findings, 2 usage error.
 *
 * @example process.exitCode = await runCli(['check', 'dist', '--format', 'json']);
 */
export async function runCli(argv: string[], table: CommandTable = defaultCommands): Promise<number> {
  const words = argv.filter((word) => !word.startsWith('-'));
  const target = words[0] === 'help' ? words[1] : words[0];
  let current = '';
  let loaded: Command | undefined;
  let exitCode = 0;
  const program = new Program(BIN)
    .usage('<command> [options]')
    .description(
      'JSON-LD, meta and social tags from the Schema Management REST API: check built sites, validate, serve, pull and push.',
    )
    .version(version(), '-v, --version', 'print the version')
    // Options after a command name are that command's: `check --version` also names the Schema.org release.
    .enablePositionalOptions()
    .helpCommand('help [command]', 'show the help of a command')
    .addHelpText('after', `\nRun "${BIN} help <command>" (or "${BIN} <command> --help") for its options.`)
    .showHelpAfterError(`(run "${BIN} --help" for the commands)`)
    .exitOverride()
    .configureOutput({
      writeOut: (text) => process.stdout.write(text),
      writeErr: (text) => process.stderr.write(text),
      outputError: (text, write) => {
        const missing = /^error: missing required argument '(.+)'/.exec(text)?.[1];
        const said = loaded?.arguments?.find((spec) => spec.name.slice(1, -1) === missing)?.missing;
        const message = said ? `error: ${said}\n` : withChoiceSuggested(text);
        write(message.replace(/^error: /, `${BIN}${current ? ` ${current}` : ''}: `));
      },
    });
  for (const [name, entry] of Object.entries(table)) {
    const sub = program
      .command(name)
      .summary(entry.summary)
      .showHelpAfterError(`(run "${BIN} ${name} --help" for its options)`);
    if (name === target) {
      current = name;
      loaded = (await entry.load()).command;
      declare(sub, loaded, (code) => {
        exitCode = code;
      });
    }
  }
  if (argv.length === 0) {
    process.stderr.write(program.helpInformation());
    return 2;
  }
  // `help pul`: commander's help command would print the whole help for a name it does not know; asked as a
  // command, it names the nearest one instead, as for `pul` alone.
  const asked =
    words[0] === 'help' && target !== undefined && !Object.hasOwn(table, target) ? [target] : argv;
  try {
    await program.parseAsync(asked, { from: 'user' });
    return exitCode;
  } catch (error) {
    if (error instanceof CommanderError) {
      const shown = ['commander.helpDisplayed', 'commander.version', 'commander.help'];
      return shown.includes(error.code) && error.exitCode === 0 ? 0 : 2;
    }
    const prefix = `${BIN} ${current}: `;
    if (error instanceof UsageError) {
      // The options cannot fix a file's contents: the pointer to --help is for mistakes in the call.
      const help = error instanceof InputError ? '' : `\n(run "${BIN} ${current} --help" for its options)`;
      process.stderr.write(`${prefix}${error.message}${help}\n`);
      return 2;
    }
    const [first, ...rest] = describeError(error);
    process.stderr.write(`${[`${prefix}${first}`, ...rest].join('\n')}\n`);
    return 1;
  }
}

/**
 * Commander's refusal of a value outside an argument's or option's choices, with the nearest choice named
 * (`bulk fixx`: "Did you mean fix?"), as a mistyped command or option is.
 */
function withChoiceSuggested(text: string): string {
  // `command-argument value 'fixx' is invalid for argument 'action'.` or `option '--format <format>' argument 'jsn' is invalid.`
  const refused = /(?:value|argument) '(.*)' is invalid(?: for .*)?\. Allowed choices are (.+)\.\n?$/.exec(
    text,
  );
  if (!refused) return text;
  const [typed, choices] = [refused[1]!, refused[2]!.split(', ')];
  // Choices are short words: one that does not even start alike (yaml, html) is no near miss.
  const near = suggestName(typed, choices);
  return near && near[0] === typed[0]?.toLowerCase()
    ? text.replace(/\n?$/, `\n(Did you mean ${near}?)\n`)
    : text;
}
