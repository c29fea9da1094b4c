// A synthetic Astro site of N article pages (/posts/0/ … /posts/N-1/) in a directory, and the few files that
// change between the benchmark's rows: the config (with or without the integration, Astro's build.concurrency)
// and the component that writes the head (a static title, or today's frontmatter fetch from the CMS).
import {
  copyFileSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  rmSync,
  statSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

const repo = fileURLToPath(new URL('../../', import.meta.url));
// The built package, as users run it: from src/ every module would first have its types stripped, on the
// main thread and again on the staging thread, which no user pays for (`npm run bench` builds dist/ first).
const integrationEntry = join(repo, 'dist/integration/index.js');
export const SITE = 'https://www.example.com';

/** How a row builds the site. */
export type Variant =
  | { kind: 'plain' }
  | { kind: 'integration'; strategy: 'auto' | 'per-page'; warmCache?: boolean }
  | { kind: 'frontmatter'; concurrency: number };

/** Where the integration writes its JSON report (relative to the site root): the pass's own time is in it. */
export const REPORT_FILE = 'schema-report.json';

/** The page URLs of a site of `pages` pages, as the CMS knows them. */
export function pageUrls(pages: number): string[] {
  return Array.from({ length: pages }, (_, index) => `${SITE}/posts/${index}/`);
}

/**
 * Writes the parts of the site every row shares; `node_modules` points at the repository's, so the site
 * resolves `astro` with nothing installed.
 *
 * @example generateSite('/tmp/site', 1000); configureSite('/tmp/site', { kind: 'plain' });
 */
export function generateSite(root: string, pages: number): void {
  mkdirSync(join(root, 'src/pages/posts'), { recursive: true });
  mkdirSync(join(root, 'src/layouts'), { recursive: true });
  mkdirSync(join(root, 'src/components'), { recursive: true });
  symlinkSync(join(repo, 'node_modules'), join(root, 'node_modules'), 'dir');
  writeFileSync(join(root, 'package.json'), '{ "name": "bench-site", "private": true, "type": "module" }\n');
  copyFileSync(fileURLToPath(new URL('./corpus.ts', import.meta.url)), join(root, 'src/corpus.ts'));
  writeFileSync(
    join(root, 'src/pages/posts/[n].astro'),
    `---
import Post from '../../layouts/Post.astro';
import { pageBodyHtml, pageTitle } from '../../corpus.ts';

export function getStaticPaths() {
  return Array.from({ length: ${pages} }, (_, n) => ({ params: { n: String(n) } }));
}
const n = Number(Astro.params.n);
---
<Post title={pageTitle(n)}><article set:html={pageBodyHtml(n)} /></Post>
`,
  );
  writeFileSync(
    join(root, 'src/layouts/Post.astro'),
    `---
import SiteHead from '../components/SiteHead.astro';
const { title } = Astro.props;
---
<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <SiteHead title={title} />
  </head>
  <body>
    <header><nav><a href="/">Home</a> <a href="/posts/0/">Latest</a> <a href="/about/">About</a></nav></header>
    <main><h1>{title}</h1><slot /></main>
    <footer><p>Synthetic site for astro-schema-manager's benchmark.</p></footer>
  </body>
</html>
<style>
  main { max-width: 42rem; margin: 0 auto; font: 1.05rem/1.6 system-ui, sans-serif; }
  h2 { margin-top: 2rem; }
</style>
`,
  );
}

/**
 * Rewrites the config and head component for one row, and clears the last row's output and caches (a row with
 * `warmCache` keeps Astro's cacheDir, where the integration's build cache lives, from the build before it).
 */
export function configureSite(root: string, variant: Variant): void {
  const warm = variant.kind === 'integration' && variant.warmCache === true;
  for (const dir of ['dist', '.astro', warm ? [] : '.cache', REPORT_FILE].flat())
    rmSync(join(root, dir), { recursive: true, force: true });
  if (variant.kind === 'integration' && !existsSync(integrationEntry))
    throw new Error(`${integrationEntry} is missing: run "npm run build" first ("npm run bench" does).`);
  const concurrency = variant.kind === 'frontmatter' ? variant.concurrency : 1;
  const integration =
    variant.kind === 'integration'
      ? `schemaManager({ strategy: ${JSON.stringify(variant.strategy)}, report: ${JSON.stringify(REPORT_FILE)} })`
      : '';
  writeFileSync(
    join(root, 'astro.config.mjs'),
    `import { defineConfig } from 'astro/config';
${integration ? `import schemaManager from ${JSON.stringify(integrationEntry)};` : ''}

export default defineConfig({
  site: ${JSON.stringify(SITE)},
  // Caches inside the site, removed between rows: every row is a cold build, and the repository's
  // node_modules (linked here) stays untouched.
  cacheDir: ${JSON.stringify(join(root, '.cache/astro'))},
  vite: { cacheDir: ${JSON.stringify(join(root, '.cache/vite'))} },
  build: { concurrency: ${concurrency} },
  integrations: [${integration}],
});
`,
  );
  writeFileSync(
    join(root, 'src/components/SiteHead.astro'),
    variant.kind === 'frontmatter' ? FRONTMATTER_HEAD : STATIC_HEAD,
  );
}

export interface BuiltSite {
  pages: number;
  minBytes: number;
  maxBytes: number;
  totalBytes: number;
}

/**
 * What a build wrote: its page count and sizes. Throws when a page is missing or, with `withHead`, when the
 * first or last page lacks the JSON-LD and Open Graph tags the row was meant to add: a row that skipped the
 * work would otherwise look fast.
 */
export function checkBuiltSite(root: string, pages: number, withHead: boolean): BuiltSite {
  const dir = join(root, 'dist/posts');
  const sizes = readdirSync(dir).map((name) => statSync(join(dir, name, 'index.html')).size);
  if (sizes.length !== pages) throw new Error(`expected ${pages} pages in ${dir}, found ${sizes.length}`);
  for (const index of [0, pages - 1]) {
    const html = readFileSync(join(dir, String(index), 'index.html'), 'utf8');
    const head = html.slice(0, html.indexOf('</head>'));
    const tagged = head.includes('application/ld+json') && head.includes('og:title');
    if (tagged !== withHead)
      throw new Error(`posts/${index}/index.html ${withHead ? 'lacks' : 'has'} JSON-LD and og:title tags`);
  }
  return {
    pages: sizes.length,
    minBytes: Math.min(...sizes),
    maxBytes: Math.max(...sizes),
    totalBytes: sizes.reduce((sum, size) => sum + size, 0),
  };
}

const STATIC_HEAD = `---
const { title } = Astro.props;
---
<title>{title}</title>
`;

// What sites do today without the integration: ask the CMS for the page's schemas, meta and social tags in
// the frontmatter (the three requests side by side) and render the tags by hand.
const FRONTMATTER_HEAD = `---
const { title } = Astro.props;
const api = process.env.SCHEMA_MANAGER_API;
const credentials = \`\${process.env.SCHEMA_MANAGER_USER}:\${process.env.SCHEMA_MANAGER_PASSWORD}\`;
const authorization = \`Basic \${Buffer.from(credentials).toString('base64')}\`;
const page = new URL(Astro.url.pathname, Astro.site).href;
async function cms(path) {
  const response = await fetch(\`\${api}\${path}?url=\${encodeURIComponent(page)}\`, { headers: { authorization } });
  if (!response.ok) throw new Error(\`\${path} answered \${response.status} for \${page}\`);
  return response.json();
}
const [schemas, meta, social] = await Promise.all([cms('/schemas-by-url'), cms('/meta'), cms('/social')]);
const og = Object.entries(social.og ?? {}).filter(([, value]) => value);
const twitter = Object.entries(social.twitter ?? {}).filter(([, value]) => value);
---
<title>{meta.title ?? title}</title>
{meta.description && <meta name="description" content={meta.description} />}
{meta.robots && <meta name="robots" content={meta.robots} />}
{meta.canonical && <link rel="canonical" href={meta.canonical} />}
{og.map(([key, value]) => <meta property={\`og:\${key}\`} content={value} />)}
{twitter.map(([key, value]) => <meta name={\`twitter:\${key}\`} content={value} />)}
{schemas.map((schema) => <script type="application/ld+json" set:html={schema.schema_data} />)}
`;
