// The report flags `check` and `validate` share: --rules, --format, --fail-on and --severity, read and checked
// once; --rules and --severity are `push`'s too.
import { suggestName } from '../did-you-mean.ts';
import { FINDING_CODES } from '../finding-codes.ts';
import {
  type CheckedFile,
  formatReport,
  type ReportFormat,
  shippedIssues,
} from '../validate/format-report.ts';
import type { Severity } from '../validate/index.ts';
import { type OptionSpec, UsageError } from './command.ts';

const formats: ReportFormat[] = ['pretty', 'json', 'junit', 'github'];
const rank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export type RuleSet = 'schema.org' | 'google';

/** --rules: the build's rules (Schema.org's vocabulary and Google's rich results) unless it names fewer. */
export const rulesOption: OptionSpec = {
  flags: '--rules <set>',
  description:
    "schema.org (the vocabulary alone) or google (with Google's rich-result rules, as the build validates: the default); repeatable",
  multiple: true,
};

/** --severity: the build's `severity` option, for the commands that validate as the build does. */
export const severityOption: OptionSpec = {
  flags: '--severity <code=level>',
  description:
    "a finding code's level (error, warning, info or off), as the build's severity option sets it; repeatable or comma-separated",
  multiple: true,
};

export const reportFlagOptions: OptionSpec[] = [
  rulesOption,
  {
    flags: '--format <format>',
    description: 'report format (github: workflow annotations)',
    default: 'pretty',
    choices: formats,
  },
  {
    flags: '--fail-on <level>',
    description: 'exit 1 when an issue at or above this level is found',
    default: 'error',
    choices: ['error', 'warning', 'info'],
  },
  severityOption,
];

export interface ReportFlags {
  format: ReportFormat;
  failOn: Severity;
  rules: RuleSet[];
  /** Levels per finding code (--severity), as the build's `severity` option gives them. */
  severity: Record<string, Severity | 'off'>;
}

const LEVELS = ['error', 'warning', 'info', 'off'] as const;

/**
 * --severity code=level (repeatable or comma-separated): the build's `severity` option, so that `check` of a
 * build whose config lowers a code says what the build said.
 *
 * @example readSeverity(['google-missing-recommended=info,unknown-context=off']) // { 'google-missing-recommended': 'info', 'unknown-context': 'off' }
 */
export function readSeverity(given: string[] | undefined): Record<string, Severity | 'off'> {
  const severity: Record<string, Severity | 'off'> = {};
  for (const pair of (given ?? []).flatMap((value) => value.split(',')).filter((pair) => pair.trim())) {
    const [code = '', level = '', ...rest] = pair.split('=').map((part) => part.trim());
    if (rest.length > 0 || !code || !level)
      throw new UsageError(
        `--severity takes code=level, such as google-missing-recommended=info; got "${pair}".`,
      );
    if (!FINDING_CODES.includes(code)) {
      const near = suggestName(code, FINDING_CODES);
      throw new UsageError(
        `--severity: "${code}" is not a finding code${near ? `; did you mean "${near}"?` : ` (codes: ${FINDING_CODES.join(', ')}).`}`,
      );
    }
    if (!(LEVELS as readonly string[]).includes(level))
      throw new UsageError(`--severity ${code}: the level is error, warning, info or off; got "${level}".`);
    severity[code] = level as Severity | 'off';
  }
  return severity;
}

/**
 * The rule sets --rules names (repeatable or comma-separated), or the build's default, both, when it names none:
 * the commands that validate before or after a build say what the build says. Schema.org always applies, so
 * `--rules schema.org` alone leaves Google's rules out. `named` says whether --rules was given at all.
 */
export function readRules(values: Record<string, unknown>): { rules: RuleSet[]; named: boolean } {
  const named = ((values.rules as string[] | undefined) ?? []).flatMap((value) => value.split(','));
  for (const rule of named) {
    if (rule !== 'google' && rule !== 'schema.org')
      throw new UsageError(
        `--rules accepts schema.org (the vocabulary alone) or google (with Google's rich-result rules, the default); got "${rule}".`,
      );
  }
  if (named.length === 0) return { rules: ['schema.org', 'google'], named: false };
  return { rules: named.includes('google') ? ['schema.org', 'google'] : ['schema.org'], named: true };
}

/** Reads --rules (repeatable or comma-separated), --format and --fail-on, or says which one is wrong. */
export function readReportFlags(values: Record<string, unknown>): ReportFlags {
  const format = values.format as ReportFormat;
  if (!formats.includes(format))
    throw new UsageError(`--format must be one of ${formats.join(', ')}; got "${format}".`);
  const failOn = values['fail-on'] as Severity;
  if (!(failOn in rank)) throw new UsageError(`--fail-on must be error, warning or info; got "${failOn}".`);
  return {
    format,
    failOn,
    rules: readRules(values).rules,
    severity: readSeverity(values.severity as string[] | undefined),
  };
}

/** Whether any issue reaches --fail-on (an inactive schema's never does): the command's exit code is 1 then. */
export function reachesFailOn(checked: CheckedFile[], failOn: Severity): boolean {
  return checked.some((file) => shippedIssues(file).some((issue) => rank[issue.severity] >= rank[failOn]));
}

/** The report text; colour only for a terminal that has it (Node's test: NO_COLOR, FORCE_COLOR, TERM=dumb). */
export function renderReport(
  checked: CheckedFile[],
  flags: ReportFlags,
  toTerminal: boolean,
  unit?: readonly [one: string, many: string],
  notes?: readonly string[],
): string {
  return formatReport(checked, flags.format, {
    failOn: flags.failOn,
    unit,
    ...(notes ? { notes } : {}),
    color: toTerminal && process.stdout.isTTY === true && process.stdout.hasColors(),
  });
}
