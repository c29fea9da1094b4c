// `astro-schema-manager check`: validates the JSON-LD of built pages (HTML and .jsonld files) and reports it.
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { basename, dirname, extname, join, relative, sep } from 'node:path';
import { decodePage } from '../audit/decode-page.ts';
import { listOutputFiles, walkOutput } from '../audit/read-output.ts';
import { fileProblemOf } from '../file-problems.ts';
import { scanHead } from '../head/scan.ts';
import { htmlReportParts } from '../report/html-report.ts';
import { type CheckedFile, isCountedFile } from '../validate/format-report.ts';
import {
  extractJsonLd,
  type Severity,
  type ValidationIssue,
  VOCABULARY,
  validatePage,
} from '../validate/index.ts';
import { writeFileAtomically } from '../write-file-atomically.ts';
import { astroConfigIn } from './astro-project.ts';
import {
  attachAudit,
  auditDirectory,
  auditWithoutSite,
  checkReportPages,
  type DirectoryAudit,
} from './check-site.ts';
import { type Command, UsageError } from './command.ts';
import { inputFileProblem } from './read-input.ts';
import { reachesFailOn, readReportFlags, renderReport, reportFlagOptions } from './report-flags.ts';
import { siteOf } from './site-address.ts';

// check also writes one self-contained HTML page; validate does not, so the choice is added here.
const checkFlagOptions = reportFlagOptions.map((option) =>
  option.flags.startsWith('--format')
    ? {
        ...option,
        description: 'report format (github: workflow annotations; html: one self-contained page)',
        choices: [...(option.choices ?? []), 'html'],
      }
    : option,
);

export const command: Command = {
  summary: 'Validate the JSON-LD of HTML and .jsonld files (a built site, any generator)',
  description: `Reads every <script type="application/ld+json"> of the HTML files (.html, .htm) and every .jsonld file
under the given paths (directories are walked, node_modules and dot-directories skipped), validates them
against the Schema.org vocabulary, and prints a report grouped by page (a finding repeated word for word on
three files or more is printed once, with how many). For each directory it also audits the
site across pages (shared titles and descriptions, canonicals and images that lead nowhere, sitemaps that
disagree with the pages, CMS addresses left in JSON-LD), as the build does.`,
  arguments: [{ name: '[paths...]', description: 'directories, .html or .jsonld files' }],
  options: [
    ...checkFlagOptions,
    { flags: '--output <file>', description: 'write the report to this file instead of stdout' },
    {
      flags: '--site <url>',
      description: "the site's address, for the audit (default: where the pages or sitemaps say it is)",
    },
    { flags: '--cms <url>', description: "the CMS's address, whose URLs left in JSON-LD are reported" },
    { flags: '--no-audit', description: 'skip the site-wide audit of directories' },
    { flags: '--version', description: 'print the version and the Schema.org release the validator knows' },
  ],
  epilog: `Exit codes: 0 nothing at or above --fail-on; 1 findings at or above it; 2 usage error, a path that does
not exist, no HTML or .jsonld file found, or a file that could not be checked (named in the report; the other
files are still checked).`,
  async run({ values, positionals }) {
    if (values.version) {
      const { version } = (await import('../../package.json', { with: { type: 'json' } })).default;
      process.stdout.write(`astro-schema-manager ${version}\nVocabulary: ${VOCABULARY.source}\n`);
      return 0;
    }
    const html = values.format === 'html';
    const flags = readReportFlags({ ...values, format: html ? 'pretty' : values.format });
    if (positionals.length === 0) {
      const config = astroConfigIn(process.cwd());
      const project = config
        ? ` (beside ${config}: check dist, or the outDir it sets, after astro build)`
        : '';
      throw new UsageError(`Name at least one directory, .html or .jsonld file to check${project}.`);
    }
    for (const flag of ['site', 'cms'] as const) {
      const value = values[flag] as string | undefined;
      if (value !== undefined && !/^https?:$/.test(URL.parse(value)?.protocol ?? ''))
        throw new UsageError(
          `--${flag} takes an absolute http(s) address such as https://example.com/; got "${value}".`,
        );
    }

    const paths = positionals.map((path) => {
      const served = servedDirectory(path);
      if (served !== path)
        process.stderr.write(
          `${path} is a server build's output: checking ${served}, the pages it serves as files.\n`,
        );
      return served;
    });
    const unreadable = new Map<string, string>();
    const files = paths.flatMap((path) => findFiles(path, unreadable));
    if (files.length === 0) {
      throw new UsageError(`No .html, .htm or .jsonld files found under ${positionals.join(', ')}.`);
    }
    const options = { rules: flags.rules, severity: flags.severity };
    const checked: CheckedFile[] = files.map((file) => {
      const failure = unreadable.get(file);
      return failure === undefined
        ? checkFileOrFailure(file, options)
        : { file: relative(process.cwd(), file) || file, documents: [], failure };
    });

    const audits: DirectoryAudit[] = [];
    const notes: string[] = [];
    if (values['no-audit'] !== false) {
      // A page named on its own is audited on its own: what it says without its site.
      for (const file of paths.filter((path) => /\.html?$/i.test(path) && statSync(path).isFile())) {
        const alone = await auditWithoutSite(dirname(file), new Set([basename(file)]), flags.severity);
        attachAudit(checked, alone);
        audits.push(alone);
      }
      for (const dir of paths.filter((path) => statSync(path).isDirectory())) {
        const given = values.site as string | undefined;
        const { site, named, assets } = siteOf(dir, given);
        // Where the pages' own files are: `/docs/_next/app.js` is a file of the directory served under /docs/.
        const loaded =
          assets && assets.base !== '/'
            ? `load their own files from under ${assets.base} (${assets.example}), which works only served there`
            : null;
        if (site === null) {
          // Said in the JSON and as an annotation too: a CI reading those would take the run for audited.
          // Beside an Astro project the address is the `site` its config sets, which the CLI does not run.
          const config = astroConfigIn(process.cwd());
          const configured = config ? ` (the site of ${config})` : '';
          const how = loaded
            ? `; its pages ${loaded}, so pass --site https://<its host>${assets!.base}${configured} to audit it`
            : `; pass --site <url>${configured} to audit it`;
          const note = `Site audit of ${dir} skipped: no page of it names its own address (canonical or og:url), nor does a sitemap${how} (shared titles and descriptions, links, hreflang, sitemaps, built images; what each page says on its own is still checked).`;
          process.stderr.write(`${note}\n`);
          notes.push(note);
          // What each page says on its own needs no address: a missing description or a relative og:image is
          // one wherever the site is.
          const alone = await auditWithoutSite(dir, listOutputFiles(dir), flags.severity);
          attachAudit(checked, alone);
          audits.push(alone);
          continue;
        }
        if (given !== undefined && named !== null && new URL(named).href !== new URL(site).href) {
          // A mistyped --site makes every canonical "not a page of this build": say where the pages point.
          process.stderr.write(
            `Note: --site is ${site}, but the pages of ${dir} name ${named} as their address; the audit checks them against --site.\n`,
          );
        }
        if (given !== undefined && loaded && new URL(site).pathname !== assets!.base) {
          process.stderr.write(`Note: --site is ${site}, but the pages of ${dir} ${loaded}.\n`);
        }
        if (given === undefined && site !== named) {
          // Served anywhere else, the pages load none of their scripts and styles. In the JSON and the
          // annotations too: every canonical that leaves the base out is reported against this address.
          const note = `Note: the pages of ${dir} name ${named} as the site's address, but ${loaded}: checked as ${site}. Pass --site <url> if the site is elsewhere.`;
          process.stderr.write(`${note}\n`);
          notes.push(note);
        }
        const audit = await auditDirectory(dir, site, values.cms as string | undefined, flags.severity);
        attachAudit(checked, audit);
        audits.push(audit);
      }
    }

    // The HTML report in parts, a page at a time: a big site's is longer than one string may be.
    const parts: Iterable<string> = html
      ? htmlReportParts({
          source: `check ${positionals.join(' ')}`,
          generatedAt: new Date(),
          vocabulary: `Schema.org ${VOCABULARY.version}`,
          pages: checkReportPages(checked, audits, scriptTexts(files)),
          siteFindings: audits.flatMap((audit) => audit.findings),
        })
      : [renderReport(checked, flags, !values.output, undefined, notes)];
    if (values.output) writeFileAtomically(values.output as string, parts);
    else for (const part of parts) process.stdout.write(part);
    // A green check of nothing: a build that stopped leaves Astro's pages without the CMS's schemas.
    const pages = checked.filter(isCountedFile);
    if (pages.length > 1 && pages.every((file) => !file.failure && file.documents.length === 0))
      process.stderr.write(
        `Note: none of the ${pages.length} pages has JSON-LD, so there was nothing to validate. If the site's schemas come from the CMS, check a build that finished: an astro build stopped by this package's validation leaves its pages without them.\n`,
      );
    if (checked.some((file) => file.failure !== undefined)) return 2;
    return reachesFailOn(checked, flags.failOn) ? 1 : 0;
  },
};

/**
 * Where a built site's pages are: an adapter's output (`@astrojs/node`: `dist/client` beside `dist/server`)
 * serves the files of `client/`, at the site's root; any other path is itself.
 */
function servedDirectory(path: string): string {
  const at = (name: string) => {
    try {
      return statSync(join(path, name)).isDirectory();
    } catch {
      return false;
    }
  };
  if (!at('.') || !at('client') || !at('server')) return path;
  const topHtml = readdirSync(path).some((name) => /\.html?$/i.test(name));
  return topHtml ? path : join(path, 'client');
}

/**
 * The pages and .jsonld files under `path`. A folder that cannot be read is listed too, with why in
 * `unreadable`: it is reported as not checked, and the rest still are (it ended the whole check).
 */
function findFiles(path: string, unreadable: Map<string, string>): string[] {
  let stats: ReturnType<typeof statSync>;
  try {
    stats = statSync(path);
  } catch {
    throw new UsageError(`"${path}" does not exist.`);
  }
  if (stats.isFile()) {
    // Named on its own, a .json file is a JSON-LD document too; anything else would be checked as nothing.
    if (!/\.(html?|jsonld|json)$/i.test(path))
      throw new UsageError(
        `"${path}" is neither HTML (.html, .htm) nor JSON-LD (.jsonld, .json): name built pages, a folder of them, or JSON-LD files.`,
      );
    return [path];
  }
  const found: string[] = [];
  const unreadableFolder = (folder: string, error: unknown) => {
    found.push(folder);
    unreadable.set(folder, `a folder that cannot be read: ${fileProblemOf(error)}`);
  };
  try {
    // The audit's walk: the same folders, linked ones included; a page named so that cannot be read is
    // listed, for checkFile to say why.
    walkOutput(
      path,
      (file) => {
        if (/\.(html?|jsonld)$/i.test(file)) found.push(join(path, file));
      },
      (folder, error) => unreadableFolder(join(path, folder), error),
    );
  } catch (error) {
    unreadableFolder(path, error);
  }
  // In each folder's name order, folders and files together, as a reader of the tree expects.
  const segments = (file: string) => relative(path, file).split(sep);
  return found.sort((a, b) => compareSegments(segments(a), segments(b)));
}

function compareSegments(a: string[], b: string[]): number {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    const order = a[index]!.localeCompare(b[index]!);
    if (order !== 0) return order;
  }
  return a.length - b.length;
}

/** A file of one JSON-LD document: `.jsonld`, or `.json` (only ever checked when named on its own). */
function isJsonLdFile(path: string): boolean {
  return ['.jsonld', '.json'].includes(extname(path).toLowerCase());
}

/** One file that cannot be read or checked is reported by name; the others are still checked. */
function checkFileOrFailure(path: string, options: CheckOptions): CheckedFile {
  try {
    return checkFile(path, options);
  } catch (error) {
    const file = relative(process.cwd(), path) || path;
    // A failure of the file system in words (permission denied (EACCES)), not Node's message naming the call.
    const failure =
      typeof (error as { code?: unknown }).code === 'string'
        ? fileProblemOf(error)
        : error instanceof Error
          ? error.message
          : String(error);
    return { file, documents: [], failure };
  }
}

/** The validator's options for a page: the rule sets and each code's level (--rules, --severity). */
type CheckOptions = { rules: Array<'google' | 'schema.org'>; severity: Record<string, Severity | 'off'> };

function checkFile(path: string, options: CheckOptions): CheckedFile {
  // Not a FIFO named page.html (reading it would wait forever), nor a file of gigabytes.
  const problem = inputFileProblem(path);
  if (problem) throw new Error(problem);
  const text = isJsonLdFile(path) ? readFileSync(path, 'utf8') : decodePage(readFileSync(path));
  const file = relative(process.cwd(), path) || path;
  if (isJsonLdFile(path)) {
    return {
      file,
      unit: 'document',
      documents: [{ index: 0, line: 1, column: 1, ...validatePage([text], options)[0]! }],
    };
  }
  const scripts = extractJsonLd(text);
  // A piece of a page a generator writes beside its pages (a partial, Gatsby's slices) is no page: the audit
  // asks nothing of it either (see HeadScan.fragment).
  const fragment = scanHead(text).fragment;
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
  return { file, documents, ...(fragment && { fragment }) };
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

/** The JSON-LD texts of each file, for the HTML report's documents. */
function scriptTexts(files: string[]): Map<string, string[]> {
  const texts = new Map<string, string[]>();
  for (const file of files) {
    try {
      if (inputFileProblem(file)) continue;
      const text = isJsonLdFile(file) ? readFileSync(file, 'utf8') : decodePage(readFileSync(file));
      const name = relative(process.cwd(), file) || file;
      texts.set(name, isJsonLdFile(file) ? [text] : extractJsonLd(text).map((script) => script.text));
    } catch {
      // Unreadable: the report already names the file's failure.
    }
  }
  return texts;
}
