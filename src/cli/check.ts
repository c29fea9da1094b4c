// `astro-schema-manager check`: validates the JSON-LD of built pages (HTML and .jsonld files) and reports it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import type { CheckedFile } from '../validate/format-report.ts';
import { extractJsonLd, type ValidationIssue, VOCABULARY, validatePage } from '../validate/index.ts';
import { type Command, UsageError } from './command.ts';
import { reachesFailOn, readReportFlags, renderReport, reportFlagOptions } from './report-flags.ts';

export const command: Command = {
  summary: 'Validate the JSON-LD of HTML and .jsonld files (a built site, any generator)',
  description: `Reads every <script type="application/ld+json"> of the HTML files (.html, .htm) and every .jsonld file
under the given paths (directories are walked, node_modules and dot-directories skipped), validates them
against the Schema.org vocabulary, and prints a report grouped by page.`,
  arguments: [{ name: '[paths...]', description: 'directories, .html or .jsonld files' }],
  options: [
    ...reportFlagOptions,
    { flags: '--output <file>', description: 'write the report to this file instead of stdout' },
    { flags: '--version', description: 'print the version and the Schema.org release the validator knows' },
  ],
  epilog: `Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it; 2 usage error, a path that does
not exist, no HTML or .jsonld file found, or a file that could not be checked (named in the report; the other
files are still checked).`,
  async run({ values, positionals }) {
    if (values.version) {
      const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
      process.stdout.write(
        `astro-schema-manager ${version}\nSchema.org ${VOCABULARY.version}: ${VOCABULARY.source}\n`,
      );
      return 0;
    }
    const flags = readReportFlags(values);
    if (positionals.length === 0)
      throw new UsageError('Name at least one directory, .html or .jsonld file to check.');

    const files = positionals.flatMap((path) => findFiles(path));
    if (files.length === 0) {
      throw new UsageError(`No .html, .htm or .jsonld files found under ${positionals.join(', ')}.`);
    }
    const options = { rules: flags.rules };
    const checked: CheckedFile[] = files.map((file) => checkFileOrFailure(file, options));

    const text = renderReport(checked, flags, !values.output);
    if (values.output) writeFileSync(values.output as string, text);
    else process.stdout.write(text);
    if (checked.some((file) => file.failure !== undefined)) return 2;
    return reachesFailOn(checked, flags.failOn) ? 1 : 0;
  },
};

function findFiles(path: string): string[] {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    throw new UsageError(`"${path}" does not exist.`);
  }
  if (stats.isFile()) return [path];
  const found: string[] = [];
  const walk = (dir: string): void => {
    for (const entry of readdirSync(dir, { withFileTypes: true }).sort((a, b) =>
      a.name.localeCompare(b.name),
    )) {
      if (entry.isDirectory()) {
        if (entry.name !== 'node_modules' && !entry.name.startsWith('.')) walk(join(dir, entry.name));
      } else if (/\.(html?|jsonld)$/i.test(entry.name)) found.push(join(dir, entry.name));
    }
  };
  walk(path);
  return found;
}

/** One file that cannot be read or checked is reported by name; the others are still checked. */
function checkFileOrFailure(path: string, options: { rules: Array<'google' | 'schema.org'> }): CheckedFile {
  try {
    return checkFile(path, options);
  } catch (error) {
    const file = relative(process.cwd(), path) || path;
    return { file, documents: [], failure: error instanceof Error ? error.message : String(error) };
  }
}

function checkFile(path: string, options: { rules: Array<'google' | 'schema.org'> }): CheckedFile {
  const text = readFileSync(path, 'utf8');
  const file = relative(process.cwd(), path) || path;
  if (extname(path).toLowerCase() === '.jsonld') {
    return { file, documents: [{ index: 0, line: 1, column: 1, ...validatePage([text], options)[0]! }] };
  }
  const scripts = extractJsonLd(text);
  // A page is one graph to a search engine: its scripts are validated together, as the build does.
  const results = validatePage(
    scripts.map((script) => script.text),
    options,
  );
  const documents = scripts.map((script, index) => ({
    index,
    line: script.line,
    column: script.column,
    valid: results[index]!.valid,
    issues: results[index]!.issues.map(locate(script)),
  }));
  return { file, documents };
}

/** Parse errors carry a position inside the script: make it a position in the page. */
function locate(script: { line: number; column: number }) {
  return (issue: ValidationIssue): ValidationIssue => {
    if (issue.line === undefined) return issue;
    const line = script.line + issue.line - 1;
    const column = issue.line === 1 ? script.column + (issue.column ?? 1) - 1 : (issue.column ?? 1);
    const message = issue.message.replace(
      / at line \d+, column \d+\.$/,
      ` at line ${line}, column ${column}.`,
    );
    return { ...issue, line, column, message };
  };
}
