// `astro-schema-manager check`: validates the JSON-LD of built pages (HTML and .jsonld files) and reports it.
import { readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import { extname, join, relative } from 'node:path';
import { type CheckedFile, formatReport, type ReportFormat } from '../validate/format-report.ts';
import { extractJsonLd, type Severity, type ValidationIssue, validateJsonLd } from '../validate/index.ts';
import { type Command, UsageError } from './run.ts';

const formats: ReportFormat[] = ['pretty', 'json', 'junit', 'github'];
const rank: Record<Severity, number> = { info: 0, warning: 1, error: 2 };

export const command: Command = {
  summary: 'Validate the JSON-LD of HTML and .jsonld files (a built site, any generator)',
  usage: `Usage: astro-schema-manager check <dir | file.html | file.jsonld>... [options]

Reads every <script type="application/ld+json"> of the HTML files (.html, .htm) and every .jsonld file under
the given paths (directories are walked, node_modules and dot-directories skipped), validates them against the
Schema.org vocabulary, and prints a report grouped by page.

Options:
  --rules <set>        add a rule set: google (Google's rich-result rules); default schema.org only
  --format <format>    pretty (default), json, junit, github (workflow annotations)
  --fail-on <level>    error (default), warning, info: exit 1 when an issue at or above it is found
  --output <file>      write the report to this file instead of stdout
  -h, --help           show this help

Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it; 2 usage error, a path that does not
exist, or no HTML or .jsonld file found.`,
  allowPositionals: true,
  options: {
    rules: { type: 'string', multiple: true },
    format: { type: 'string', default: 'pretty' },
    'fail-on': { type: 'string', default: 'error' },
    output: { type: 'string' },
  },
  async run({ values, positionals }) {
    const format = values.format as ReportFormat;
    if (!formats.includes(format))
      throw new UsageError(`--format must be one of ${formats.join(', ')}; got "${format}".`);
    const failOn = values['fail-on'] as Severity;
    if (!(failOn in rank)) throw new UsageError(`--fail-on must be error, warning or info; got "${failOn}".`);
    const rules = ((values.rules as string[] | undefined) ?? []).flatMap((value) => value.split(','));
    for (const rule of rules) {
      if (rule !== 'google' && rule !== 'schema.org') {
        throw new UsageError(`--rules accepts google (schema.org always applies); got "${rule}".`);
      }
    }
    if (positionals.length === 0)
      throw new UsageError('Name at least one directory, .html or .jsonld file to check.');

    const files = positionals.flatMap((path) => findFiles(path));
    if (files.length === 0) {
      throw new UsageError(`No .html, .htm or .jsonld files found under ${positionals.join(', ')}.`);
    }
    const options = { rules: rules as Array<'google' | 'schema.org'> };
    const checked: CheckedFile[] = files.map((file) => checkFile(file, options));

    const failing = checked.some((file) =>
      file.documents.some((document) =>
        document.issues.some((issue) => rank[issue.severity] >= rank[failOn]),
      ),
    );
    const text = formatReport(checked, format, {
      failOn,
      color: !values.output && process.stdout.isTTY === true && !process.env.NO_COLOR,
    });
    if (values.output) writeFileSync(values.output as string, text);
    else process.stdout.write(text);
    return failing ? 1 : 0;
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

function checkFile(path: string, options: { rules: Array<'google' | 'schema.org'> }): CheckedFile {
  const text = readFileSync(path, 'utf8');
  const file = relative(process.cwd(), path) || path;
  if (extname(path).toLowerCase() === '.jsonld') {
    return { file, documents: [{ index: 0, line: 1, column: 1, ...validateJsonLd(text, options) }] };
  }
  const documents = extractJsonLd(text).map((script, index) => {
    const result = validateJsonLd(script.text, options);
    return {
      index,
      line: script.line,
      column: script.column,
      ...result,
      issues: result.issues.map(locate(script)),
    };
  });
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
