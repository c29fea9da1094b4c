// What a subcommand declares: its arguments and options (help text, defaults, typed values), and what it does.
// Commands import this module, never the runner, so there is no cycle between the runner and the commands.

/** One option. `flags` is commander's form: `--format <format>`, `--dry-run`, `--id <n>`. */
export interface OptionSpec {
  flags: string;
  description: string;
  default?: string | boolean | number;
  /** The only values accepted; others are a usage error naming these. */
  choices?: readonly string[];
  /** A whole number within these bounds, given to `run` as a number. */
  integer?: { min: number; max?: number };
  /** Repeatable: the values are collected into an array. */
  multiple?: boolean;
  /** Accepted but left out of `--help` (e.g. a flag refused with a reason). */
  hidden?: boolean;
}

/** One positional argument, in commander's form: `<file>`, `[paths...]`. */
export interface ArgumentSpec {
  name: string;
  description: string;
  choices?: readonly string[];
  /** Said in place of "missing required argument": what to give, with an example. */
  missing?: string;
}

export interface Command {
  summary: string;
  /** Paragraphs shown under the usage line. */
  description?: string;
  arguments?: ArgumentSpec[];
  options: OptionSpec[];
  /** Shown after the options (exit codes, examples). */
  epilog?: string;
  /**
   * Returns the process exit code. `values` are keyed by the long flag name without dashes (`dry-run`);
   * `positionals` are the arguments in order, variadic ones spread.
   */
  run(args: { values: Record<string, unknown>; positionals: string[] }): Promise<number>;
}

/** A mistake in how the command was called: printed with a pointer to `--help`, exit code 2. */
export class UsageError extends Error {}

/** A mistake in a file the command was given (its entries, its JSON): exit code 2, no pointer to `--help`. */
export class InputError extends UsageError {}
