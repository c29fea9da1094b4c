// `check` on a whole built site: the site-wide audit of each directory given, its findings attached to the
// files they are about, and the pages for the HTML report.
import { readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { pathToFileURL } from 'node:url';
import { decodePage } from '../audit/decode-page.ts';
import {
  type AuditFinding,
  auditOutput,
  auditPagesAlone,
  type PageFacts,
  readOutputPages,
  readPageFacts,
} from '../audit/index.ts';
import { listOutputFiles } from '../audit/read-output.ts';
import { isErrorPageFile } from '../audit/site-view.ts';
import { prettyJson, type ReportPage } from '../report/html-report.ts';
import { decodedPath, pageHref } from '../url-forms.ts';
import { type CheckedFile, isCountedFile } from '../validate/format-report.ts';
import type { Severity, ValidationIssue } from '../validate/index.ts';
import { inputFileProblem } from './read-input.ts';

export interface DirectoryAudit {
  dir: string;
  /** Null where the site's address is unknown: its pages are then at their files' `file:` URLs. */
  site: string | null;
  findings: AuditFinding[];
  pages: PageFacts[];
}

/** How a server names a page file: `blog/index.html` as `blog/` or `blog`; `about.html` as it is, `about` or `about/`. */
type Spelling = 'slash' | 'bare' | 'html';
const SAMPLE = 50;

/**
 * The public URL of each HTML file of a built directory, as its server names it. Static servers differ
 * (`about.html` is `/about` on most hosts, `/about.html` on a plain one) and so do Astro's `build.format` and
 * `trailingSlash`, so the site says: pages that name themselves (canonical, else og:url) in one spelling give it
 * to every page of their kind. A page that names itself otherwise is then reported, as it should be.
 */
export function pageUrlsOf(dir: string, site: string): (file: string) => string {
  const files = [...listOutputFiles(dir)].filter((file) => /\.html?$/i.test(file)).sort();
  const kindOf = (file: string) => (/(^|\/)index\.html?$/i.test(file) ? 'index' : 'page');
  // `blog/index.html` -> `blog`, `about.html` -> `about`; `legacy.html/index.html` -> `legacy.html` (a route
  // named so, in the directory format).
  const stemOf = (file: string) =>
    kindOf(file) === 'index' ? file.replace(/(^|\/)index\.html?$/i, '') : file.replace(/\.html?$/i, '');
  // Under a base, the home page is spelled as the others (`https://example.com/blog` with trailingSlash 'never').
  const underBase = new URL(site).pathname !== '/';
  const spelled = (file: string, spelling: Spelling): string => {
    const stem = stemOf(file);
    if (stem === '') return spelling === 'bare' && underBase ? site.replace(/\/$/, '') : pageHref(site, '/');
    if (spelling === 'html') return pageHref(site, `/${file}`);
    return pageHref(site, `/${stem}${spelling === 'slash' ? '/' : ''}`);
  };
  const factsOf = (file: string): PageFacts | null => {
    const path = join(dir, file);
    if (inputFileProblem(path)) return null;
    try {
      return readPageFacts(decodePage(readFileSync(path)), site, file);
    } catch {
      return null; // Unreadable (a broken link): the report names it.
    }
  };
  const { origin, pathname: base } = new URL(site);
  const namedAt = (file: string): URL | null => {
    const facts = factsOf(file);
    const said = facts && (facts.canonical ?? facts.ogUrl);
    const named = said && URL.canParse(said) ? new URL(said) : null;
    // One that leaves the site's base out (Next.js's metadata with a basePath) still spells the page as served.
    if (named && named.origin === origin && !`${named.pathname}/`.startsWith(base))
      named.pathname = `${base}${named.pathname.slice(1)}`;
    return named;
  };
  const spellingOf = (file: string, named: URL, spellings: Spelling[]): Spelling | undefined => {
    const bare = `${named.origin}${named.pathname}`;
    return spellings.find((spelling) => spelled(file, spelling) === bare);
  };
  // Home pages are spelled their own way, so they do not vote for the others'; error pages, served for many
  // addresses, name whatever their layout gives them (Next.js's 404.html names /_not-found).
  const homes = homeSpellings(files, site, factsOf, spellingOf);
  const votes = { index: new Map<Spelling, number>(), page: new Map<Spelling, number>() };
  for (const kind of ['index', 'page'] as const) {
    const ofKind = files.filter(
      (file) =>
        kindOf(file) === kind &&
        (stemOf(file) !== '' || underBase) &&
        !homes.has(file) &&
        !isErrorPageFile(file),
    );
    const step = Math.max(1, Math.floor(ofKind.length / SAMPLE));
    for (let i = 0; i < ofKind.length; i += step) {
      const file = ofKind[i]!;
      const named = namedAt(file);
      const match =
        named && spellingOf(file, named, kind === 'index' ? ['slash', 'bare'] : ['html', 'bare', 'slash']);
      if (match) votes[kind].set(match, (votes[kind].get(match) ?? 0) + 1);
    }
  }
  const winner = (kind: 'index' | 'page', fallback: Spelling): Spelling =>
    [...votes[kind]].sort((a, b) => b[1] - a[1])[0]?.[0] ?? fallback;
  const chosen = { index: winner('index', 'slash'), page: winner('page', 'html') };
  return (file) => spelled(file, homes.get(file) ?? chosen[kindOf(file)]);
}

/**
 * The home page, and each locale's home page it names with hreflang (`fr/index.html`), as they name
 * themselves: a host serves a directory's root with its slash whatever the pages inside it do (Docusaurus
 * names `/product/` beside `/product/docs/intro`), so the others' spelling says nothing about them.
 */
function homeSpellings(
  files: string[],
  site: string,
  factsOf: (file: string) => PageFacts | null,
  spellingOf: (file: string, named: URL, spellings: Spelling[]) => Spelling | undefined,
): Map<string, Spelling> {
  const homes = new Map<string, Spelling>();
  const own = (file: string, facts: PageFacts | null) => {
    const said = facts && (facts.canonical ?? facts.ogUrl);
    const spelling = said && URL.canParse(said) && spellingOf(file, new URL(said), ['slash', 'bare']);
    if (spelling) homes.set(file, spelling);
  };
  const home = files.includes('index.html') ? factsOf('index.html') : null;
  if (!home) return homes;
  own('index.html', home);
  const { origin, pathname: base } = new URL(site);
  for (const { href } of home.languageAlternates) {
    const url = URL.parse(href, site);
    if (!url || url.origin !== origin || !url.pathname.startsWith(base)) continue;
    const stem = decodedPath(url.pathname.slice(base.length)).replace(/\/$/, '');
    const file = `${stem}/index.html`;
    if (stem !== '' && !stem.includes('/') && files.includes(file)) own(file, factsOf(file));
  }
  return homes;
}

/** Audits one built directory as the build does. */
export async function auditDirectory(
  dir: string,
  site: string,
  cms: string | undefined,
  severity: Record<string, Severity | 'off'> = {},
): Promise<DirectoryAudit> {
  const { findings, pages } = await auditOutput({
    outDir: dir,
    site,
    urlOf: pageUrlsOf(dir, site),
    cmsOrigin: cms ? new URL(cms).origin : null,
    cmsKeptPrefixes: ['/wp-content/'],
    severity,
  });
  return { dir, site, findings, pages };
}

/**
 * What `files` of `dir` (a directory whose site's address is unknown, or one page named on its own) say on
 * their own: the audit's checks that need no address (see auditPagesAlone).
 */
export async function auditWithoutSite(
  dir: string,
  files: ReadonlySet<string>,
  severity: Record<string, Severity | 'off'> = {},
): Promise<DirectoryAudit> {
  const pages = await readOutputPages(dir, files, (file) => pathToFileURL(join(dir, file)).href);
  return { dir, site: null, findings: auditPagesAlone(pages, severity), pages };
}

/**
 * Puts each audit finding on the checked file of every page it concerns; one about no built page (a sitemap's
 * address with no page) on the file it is in, added to `checked`.
 */
export function attachAudit(checked: CheckedFile[], audit: DirectoryAudit): void {
  // A page fragment has no address of its own, and no finding is about one.
  const fileOf = new Map(
    audit.pages
      .filter((page) => !page.fragment)
      .map((page) => [page.url, relative(process.cwd(), join(audit.dir, page.file))]),
  );
  const byFile = new Map(checked.map((file) => [file.file, file]));
  for (const [url, name] of fileOf) {
    const file = byFile.get(name);
    if (file && audit.site !== null) file.url = url;
  }
  for (const finding of audit.findings) {
    // One object on every page it concerns: the readable report prints a finding shared so once.
    const issue: ValidationIssue = {
      severity: finding.severity,
      code: finding.code,
      path: finding.path,
      ...(finding.node && { node: finding.node }),
      message: finding.message,
      rule: 'audit',
    };
    let attached = false;
    for (const page of finding.pages) {
      const name = fileOf.get(page);
      const target = name === undefined ? undefined : byFile.get(name);
      if (!target) continue;
      attached = true;
      if (target.pageIssues) target.pageIssues.push(issue);
      else target.pageIssues = [issue];
    }
    if (attached || finding.file === undefined) continue;
    const name = relative(process.cwd(), join(audit.dir, finding.file));
    const holder = byFile.get(name);
    if (holder) holder.pageIssues = [...(holder.pageIssues ?? []), issue];
    else {
      const added: CheckedFile = { file: name, documents: [], pageIssues: [issue], auditOnly: true };
      checked.push(added);
      byFile.set(name, added);
    }
  }
}

/** The HTML report's pages: each checked HTML file with its scripts as documents and its findings. */
export function checkReportPages(
  checked: CheckedFile[],
  audits: DirectoryAudit[],
  texts: Map<string, string[]>,
): ReportPage[] {
  const factsByFile = new Map<string, PageFacts>();
  for (const audit of audits)
    for (const page of audit.pages)
      factsByFile.set(relative(process.cwd(), join(audit.dir, page.file)), {
        ...page,
        // A file: URL stands for a page of a site whose address is unknown: it has none to show.
        url: audit.site === null ? '' : page.url,
      });
  // A sitemap's findings are the report's site findings already; a page fragment is no page.
  return checked.filter(isCountedFile).map((file) => {
    const facts = factsByFile.get(file.file);
    const scripts = texts.get(file.file) ?? [];
    return {
      url: facts?.url ?? null,
      file: file.file,
      title: facts?.title ?? null,
      description: facts?.description ?? null,
      ogTitle: facts?.ogTitle ?? null,
      ogDescription: facts?.ogDescription ?? null,
      ogImage: facts?.images.find((image) => image.tag === 'og:image')?.value ?? null,
      documents: file.documents.map((document) => ({
        label: `script ${document.index + 1} (line ${document.line})`,
        types: typesOf(scripts[document.index] ?? ''),
        text: prettyJson(scripts[document.index] ?? ''),
        findings: document.issues,
      })),
      findings: [
        ...(file.failure
          ? [{ severity: 'error' as const, code: 'internal-failure', path: '', message: file.failure }]
          : []),
        ...(file.pageIssues ?? []),
      ],
    };
  });
}

function typesOf(text: string): string[] {
  try {
    const value: unknown = JSON.parse(text);
    const nodes = Array.isArray(value) ? value : [value];
    const all = nodes.flatMap((node) => {
      const graph = (node as { '@graph'?: unknown })?.['@graph'];
      return Array.isArray(graph) ? graph : [node];
    });
    return [
      ...new Set(
        all
          .flatMap((node) => [(node as { '@type'?: unknown })?.['@type']].flat())
          .filter((type): type is string => typeof type === 'string'),
      ),
    ];
  } catch {
    return [];
  }
}
