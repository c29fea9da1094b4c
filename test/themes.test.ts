// The packed package in sites built the way users build theirs, not ours: a Starlight docs site with a second
// locale, and a hand-made blog in the manner of Astro's blog starter (its own title, description, canonical,
// og:* and twitter:* tags, <meta name="title">, view transitions, @astrojs/sitemap, a page using astro-seo's
// <SEO>, a page writing its own JSON-LD). Each must build with the CMS's tags in place of the theme's (never
// two of a kind), the theme's other tags kept, and no audit warning about what the theme does on purpose.
import { type ChildProcess, execFile, spawn } from 'node:child_process';
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join } from 'node:path';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { readHeadTags } from '../src/head/index.ts';
import { createServer } from '../src/server/index.ts';
import { freePort } from './support/loopback.ts';
import { installPacked, packedProjectEnv, packTarball, repoRoot } from './support/pack.ts';

// Exact versions: a theme's next release must not turn this suite red on its own.
const THEME_PACKAGES = ['@astrojs/starlight@0.42.4', '@astrojs/sitemap@3.7.4', 'astro-seo@1.2.0'];
const astroVersion = (
  JSON.parse(readFileSync(join(repoRoot, 'node_modules/astro/package.json'), 'utf8')) as { version: string }
).version;
const DOCS = 'https://docs.example.com';
const BLOG = 'https://blog.example.com';
const user = { name: 'builder', password: 'Pk3x Vb7n Lm2k Pw9r Ty4u Hj6g' };

const techArticle = {
  '@context': 'https://schema.org',
  '@type': 'TechArticle',
  headline: 'Example Guide',
  image: [`${DOCS}/og.png`],
  author: { '@type': 'Organization', name: 'Acme', url: `${DOCS}/` },
  datePublished: '2026-01-05T10:00:00Z',
  dateModified: '2026-02-05T10:00:00Z',
};
const blogPosting = {
  '@context': 'https://schema.org',
  '@type': 'BlogPosting',
  headline: 'Post 1',
  image: [`${BLOG}/og.png`],
  author: { '@type': 'Person', name: 'Ann', url: `${BLOG}/about/` },
  datePublished: '2026-01-10T10:00:00Z',
  dateModified: '2026-01-11T10:00:00Z',
};
const organization = {
  '@context': 'https://schema.org',
  '@type': 'Organization',
  name: 'My Blog Inc',
  url: `${BLOG}/`,
  logo: `${BLOG}/og.png`,
};

const server = createServer({
  site: [DOCS, BLOG],
  users: [{ ...user, capabilities: ['manage_options'] }],
  seed: {
    schemas: [
      { url: `${DOCS}/guides/example/`, schema_data: techArticle },
      { url: `${BLOG}/blog/post-1/`, schema_data: blogPosting },
      { url: `${BLOG}/blog/post-2/`, schema_data: { ...blogPosting, headline: 'Post 2' } },
      { url: `${BLOG}/`, schema_data: organization },
    ],
    meta: [
      {
        url: `${DOCS}/guides/example/`,
        title: 'Example Guide | Acme, from the CMS',
        description: 'The CMS says.',
      },
      { url: `${BLOG}/blog/post-1/`, title: 'Post 1, from the CMS', description: 'The CMS on post 1.' },
      { url: `${BLOG}/about/`, title: 'About, from the CMS', description: 'The CMS on us.' },
      // As a sitemap or a browser's address bar spells the page Starlight makes from démarrage.md.
      { url: `${DOCS}/fr/guides/d%C3%A9marrage/`, title: 'Démarrage, du CMS', description: 'Le CMS le dit.' },
    ],
    social: [
      {
        url: `${DOCS}/guides/example/`,
        og: { title: 'Example Guide', image: `${DOCS}/og.png` },
        twitter: { card: 'summary' },
      },
      { url: `${BLOG}/blog/post-1/`, og: { title: 'Post 1' }, twitter: { card: 'summary' } },
    ],
  },
});

const scratch = mkdtempSync(join(tmpdir(), 'asm-themes-'));
let env: NodeJS.ProcessEnv;

beforeAll(async () => {
  const baseUrl = await server.listen(0);
  // One install, in the docs site: Starlight's modules must sit under the project that uses them (through a
  // link, Vite leaves them to Node, which cannot load astro:content). The blog links to the same modules.
  const docs = join(scratch, 'docs');
  mkdirSync(docs);
  const { tarball } = await packTarball(scratch);
  await installPacked(docs, tarball, [`astro@${astroVersion}`, ...THEME_PACKAGES]);
  mkdirSync(join(scratch, 'blog'));
  symlinkSync(join(docs, 'node_modules'), join(scratch, 'blog', 'node_modules'), 'dir');
  writeFileSync(join(scratch, 'blog', 'package.json'), JSON.stringify({ type: 'module', private: true }));
  writeDocsSite(join(scratch, 'docs'));
  writeBlogSite(join(scratch, 'blog'));
  env = packedProjectEnv(baseUrl, user);
}, 300_000);

afterAll(async () => {
  await server.close();
  rmSync(scratch, { recursive: true, force: true });
});

function write(root: string, files: Record<string, string>): void {
  for (const [path, text] of Object.entries(files)) {
    mkdirSync(dirname(join(root, path)), { recursive: true });
    writeFileSync(join(root, path), text);
  }
}

const png = join(repoRoot, 'playground/public/images/og-home.png');

function writeDocsSite(root: string): void {
  const page = (title: string, description: string) =>
    `---\ntitle: ${title}\ndescription: ${description}\n---\n\n${title}: the body.\n`;
  write(root, {
    'astro.config.mjs': `import { defineConfig } from 'astro/config';
import starlight from '@astrojs/starlight';
import schemaManager from 'astro-schema-manager';
export default defineConfig({
  site: '${DOCS}',
  integrations: [
    starlight({
      title: 'Acme Docs',
      defaultLocale: 'root',
      locales: { root: { label: 'English', lang: 'en' }, fr: { label: 'Français', lang: 'fr' } },
      sidebar: [{ label: 'Guides', items: [{ autogenerate: { directory: 'guides' } }] }],
    }),
    schemaManager({ report: 'report.json' }),
  ],
});
`,
    'src/content.config.ts': `import { defineCollection } from 'astro:content';
import { docsLoader } from '@astrojs/starlight/loaders';
import { docsSchema } from '@astrojs/starlight/schema';
export const collections = { docs: defineCollection({ loader: docsLoader(), schema: docsSchema() }) };
`,
    'src/content/docs/index.md': page('Acme Docs', 'Docs for the Acme widget.'),
    'src/content/docs/guides/example.md': page('Example Guide', 'A guide.'),
    // Not translated: Starlight serves it under /fr/ too, with the same title, naming the English page.
    'src/content/docs/guides/install.md': page('Installing', 'How to install it.'),
    'src/content/docs/fr/guides/example.md': page("Guide d'exemple", 'Un guide.'),
    // Starlight builds every page of the default locale and names it from each translation (hreflang).
    'src/content/docs/guides/démarrage.md': page('Getting started', 'Where to begin.'),
    'src/content/docs/fr/guides/démarrage.md': page('Démarrage', 'Pour commencer.'),
  });
  cpSync(png, join(root, 'public/og.png'));
}

function writeBlogSite(root: string): void {
  write(root, {
    'astro.config.mjs': `import { defineConfig } from 'astro/config';
import sitemap from '@astrojs/sitemap';
import schemaManager from 'astro-schema-manager';
export default defineConfig({ site: '${BLOG}', integrations: [sitemap(), schemaManager({ report: 'report.json' })] });
`,
    // As Astro's blog starter writes its head (twitter:* under property=, <meta name="title"> beside <title>).
    'src/components/BaseHead.astro': `---
import { ClientRouter } from 'astro:transitions';
const { title, description } = Astro.props;
const canonical = new URL(Astro.url.pathname, Astro.site);
const image = new URL('/og.png', Astro.site);
---
<meta charset="utf-8" />
<meta name="viewport" content="width=device-width,initial-scale=1" />
<link rel="sitemap" href="/sitemap-index.xml" />
<meta name="generator" content={Astro.generator} />
<link rel="canonical" href={canonical} />
<title>{title}</title>
<meta name="title" content={title} />
<meta name="description" content={description} />
<meta property="og:type" content="website" />
<meta property="og:url" content={canonical} />
<meta property="og:title" content={title} />
<meta property="og:description" content={description} />
<meta property="og:image" content={image} />
<meta property="twitter:card" content="summary_large_image" />
<meta property="twitter:title" content={title} />
<meta property="twitter:description" content={description} />
<ClientRouter />
`,
    'src/layouts/Base.astro': `---
import BaseHead from '../components/BaseHead.astro';
const { title, description } = Astro.props;
---
<html lang="en"><head><BaseHead title={title} description={description} /><slot name="head" /></head>
<body><main><slot /></main></body></html>
`,
    'src/pages/index.astro': `---
import Base from '../layouts/Base.astro';
const ld = { '@context': 'https://schema.org', '@type': 'WebSite', name: 'My Blog', url: '${BLOG}/' };
---
<Base title="My Blog" description="Welcome to my blog">
  <script slot="head" type="application/ld+json" set:html={JSON.stringify(ld)} />
  <h1>Home</h1><a href="/blog/post-1/">Post 1</a>
</Base>
`,
    'src/pages/blog/post-1.astro': `---
import Base from '../../layouts/Base.astro';
---
<Base title="Post 1" description="The first post"><h1>Post 1</h1></Base>
`,
    // As AstroPaper does: the layout writes the post's own BlogPosting.
    'src/pages/blog/post-2.astro': `---
import Base from '../../layouts/Base.astro';
const ld = { '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'Post 2', image: ['${BLOG}/og.png'], datePublished: '2026-01-12T10:00:00Z', dateModified: '2026-01-13T10:00:00Z', author: [{ '@type': 'Person', name: 'Ann', url: '${BLOG}/about/' }] };
---
<Base title="Post 2" description="The second post">
  <script slot="head" type="application/ld+json" set:html={JSON.stringify(ld)} />
  <h1>Post 2</h1>
</Base>
`,
    'src/pages/about.astro': `---
import { SEO } from 'astro-seo';
---
<html lang="en"><head>
<SEO title="About us" description="About this blog" canonical="${BLOG}/about/"
  openGraph={{ basic: { title: 'About us', type: 'website', image: '${BLOG}/og.png' } }}
  twitter={{ card: 'summary', creator: '@me' }} />
</head><body><h1>About</h1></body></html>
`,
  });
  cpSync(png, join(root, 'public/og.png'));
}

async function build(root: string): Promise<string> {
  const astro = join(root, 'node_modules/astro/bin/astro.mjs');
  const { code, log } = await new Promise<{ code: number; log: string }>((resolve) => {
    execFile(
      process.execPath,
      [astro, 'build'],
      { cwd: root, env, maxBuffer: 64 * 1024 * 1024 },
      (error, stdout, stderr) =>
        resolve({ code: error ? Number(error.code ?? 1) : 0, log: `${stdout}\n${stderr}` }),
    );
  });
  expect(code, log).toBe(0);
  return log;
}

const headOf = (root: string, file: string) => {
  const html = readFileSync(join(root, 'dist', file), 'utf8');
  return { html, ...readHeadTags(html) };
};

/** One of each tag the CMS set on the pages below: never two, never the theme's left beside the CMS's. */
const ONE_OF_EACH = {
  title: 1,
  'meta:description': 1,
  'link:canonical': 1,
  'property:og:title': 1,
  'name:twitter:card': 1,
};

/** Every tag kind the CMS can set, with how many times the head holds it. */
function counts(values: Record<string, string[]>): Record<string, number> {
  const keys = [
    'title',
    'meta:description',
    'link:canonical',
    'property:og:title',
    'property:og:description',
    'name:twitter:card',
    'name:twitter:title',
    'name:title',
  ];
  return Object.fromEntries(keys.map((key) => [key, values[key]?.length ?? 0]));
}

interface Report {
  audit: Array<{ severity: string; code: string; page: string }>;
  pageResults: Array<{ url: string; changed: boolean }>;
}

test(`Starlight ${THEME_PACKAGES[0]}: the CMS's tags replace the theme's, one of each; the audit is quiet`, async () => {
  const root = join(scratch, 'docs');
  const log = await build(root);
  const guide = headOf(root, 'guides/example/index.html');
  expect(guide.values.title).toEqual(['Example Guide | Acme, from the CMS']);
  expect(guide.values['meta:description']).toEqual(['The CMS says.']);
  expect(guide.values['name:twitter:card']).toEqual(['summary']);
  expect(counts(guide.values)).toMatchObject({ ...ONE_OF_EACH, 'property:og:description': 1 });
  // The theme's own tags the CMS does not set stay.
  expect(guide.values['property:og:site_name']).toEqual(['Acme Docs']);
  expect(guide.html).toMatch(
    /<link rel="alternate" hreflang="fr" href="https:\/\/docs\.example\.com\/fr\/guides\/example\/"/,
  );
  expect(guide.jsonLd.map((text) => JSON.parse(text))).toEqual([techArticle]);
  // A page whose name is outside ASCII is found under the URL a browser or a sitemap gives it.
  const start = headOf(root, 'fr/guides/démarrage/index.html');
  expect(start.values.title).toEqual(['Démarrage, du CMS']);
  expect(counts(start.values)).toMatchObject(ONE_OF_EACH);

  const report = JSON.parse(readFileSync(join(root, 'report.json'), 'utf8')) as Report;
  // Starlight's "Install | Acme Docs" beside og:title "Install", and the untranslated /fr/ pages sharing the
  // English title (hreflang alternates, named both ways), are the theme working as meant: no finding.
  expect(report.audit.filter((finding) => finding.page !== `${DOCS}/guides/example/`)).toEqual([]);
  expect(log).not.toMatch(/\[WARN\] \[astro-schema-manager\]|\[ERROR\] \[astro-schema-manager\]/);
  // The CMS also serves the blog: its pages are another site's, not URLs this build has lost.
  expect(log).not.toContain('no page of this build');
  const changed = report.pageResults.filter((page) => page.changed).map((page) => page.url);
  expect(changed.sort()).toEqual([`${DOCS}/fr/guides/d%C3%A9marrage/`, `${DOCS}/guides/example/`]);
}, 180_000);

test('Starlight in astro dev: the same one of each tag per request, and no warning from the package', async () => {
  const root = join(scratch, 'docs');
  const port = await freePort();
  let log = '';
  const dev: ChildProcess = spawn(
    process.execPath,
    [join(root, 'node_modules/astro/bin/astro.mjs'), 'dev', '--host', '127.0.0.1', '--port', String(port)],
    { cwd: root, env, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  dev.stdout?.on('data', (chunk) => (log += chunk));
  dev.stderr?.on('data', (chunk) => (log += chunk));
  try {
    let html = '';
    for (let attempt = 0; attempt < 300 && !html && dev.exitCode === null; attempt++) {
      try {
        const response = await fetch(`http://127.0.0.1:${port}/guides/example/`);
        if (response.ok) html = await response.text();
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 100));
      }
    }
    const head = readHeadTags(html);
    expect(head.values.title, log).toEqual(['Example Guide | Acme, from the CMS']);
    expect(counts(head.values)).toMatchObject(ONE_OF_EACH);
    expect(head.jsonLd.map((text) => JSON.parse(text))).toEqual([techArticle]);
    const start = await (await fetch(`http://127.0.0.1:${port}/fr/guides/d%C3%A9marrage/`)).text();
    expect(readHeadTags(start).values.title).toEqual(['Démarrage, du CMS']);
    // A page the CMS knows nothing of is served as Starlight made it.
    const other = readHeadTags(await (await fetch(`http://127.0.0.1:${port}/guides/install/`)).text());
    expect(other.values.title).toEqual(['Installing | Acme Docs']);
    expect(log).not.toMatch(/\[(WARN|ERROR)\] \[astro-schema-manager\]/);
  } finally {
    dev.kill('SIGTERM');
  }
}, 120_000);

test('a blog in the manner of the blog starter, with astro-seo and its own JSON-LD: one of each tag', async () => {
  const root = join(scratch, 'blog');
  const log = await build(root);
  const post = headOf(root, 'blog/post-1/index.html');
  expect(post.values.title).toEqual(['Post 1, from the CMS']);
  // <meta name="title"> repeated the page's title; it goes with it. twitter:card was written under property=.
  expect(counts(post.values)).toEqual({
    ...ONE_OF_EACH,
    'property:og:description': 1,
    'name:twitter:title': 1,
    'name:title': 0,
  });
  expect(post.values['name:twitter:card']).toEqual(['summary']);
  // View transitions keep working: the router's tags and script are where the theme put them.
  expect(post.values['name:astro-view-transitions-enabled']).toEqual(['true']);
  expect(post.html).toMatch(/<script type="module" src="\/_astro\/ClientRouter[^"]*\.js"><\/script>/);
  expect(post.jsonLd.map((text) => JSON.parse(text))).toEqual([blogPosting]);

  const about = headOf(root, 'about/index.html');
  expect(about.values.title).toEqual(['About, from the CMS']);
  expect(counts(about.values)).toMatchObject({ title: 1, 'meta:description': 1, 'link:canonical': 1 });
  expect(about.values['name:twitter:creator']).toEqual(['@me']);

  // The page's own JSON-LD stays beside the CMS's.
  const home = headOf(root, 'index.html');
  expect(home.jsonLd.map((text) => JSON.parse(text)['@type'])).toEqual(['WebSite', 'Organization']);
  expect(home.values.title).toEqual(['My Blog']);

  // A post whose layout writes its own BlogPosting, as AstroPaper's does, beside the CMS's: both ship (the page's
  // JSON-LD is the page's), and the audit says the type is described twice.
  const second = headOf(root, 'blog/post-2/index.html');
  expect(second.jsonLd.map((text) => JSON.parse(text).headline)).toEqual(['Post 2', 'Post 2']);
  const report = JSON.parse(readFileSync(join(root, 'report.json'), 'utf8')) as Report;
  expect(report.audit.filter((finding) => finding.severity !== 'info')).toEqual([
    expect.objectContaining({
      severity: 'warning',
      code: 'json-ld-type-twice',
      page: `${BLOG}/blog/post-2/`,
    }),
  ]);
  expect(log).toContain('[json-ld-type-twice] BlogPosting is described twice');
  expect(log).toContain("jsonLdConflict: 'api'");
  expect(log).not.toMatch(/\[ERROR\] \[astro-schema-manager\]/);
  expect(log.match(/\[WARN\] \[astro-schema-manager\]/g)).toHaveLength(1);
}, 180_000);

test("the same blog with jsonLdConflict: 'api': the CMS's BlogPosting replaces the layout's, the rest stays", async () => {
  const root = join(scratch, 'blog');
  const config = join(root, 'astro.config.mjs');
  const before = readFileSync(config, 'utf8');
  writeFileSync(
    config,
    before.replace("report: 'report.json'", "report: 'report.html', jsonLdConflict: 'api'"),
  );
  try {
    const log = await build(root);
    const second = headOf(root, 'blog/post-2/index.html');
    // The CMS's, marked as ours; the layout's (with its datePublished of 12 January) is gone.
    expect(second.jsonLd.map((text) => JSON.parse(text))).toEqual([{ ...blogPosting, headline: 'Post 2' }]);
    expect(second.html).not.toContain('2026-01-12T10:00:00Z');
    // The home page's WebSite describes what no CMS schema does: it stays beside the CMS's Organization.
    const home = headOf(root, 'index.html');
    expect(home.jsonLd.map((text) => JSON.parse(text)['@type'])).toEqual(['WebSite', 'Organization']);
    // No audit warning or error: the log would say it.
    expect(log).toContain("1 JSON-LD script of the pages' own replaced by the CMS's.");
    expect(log).not.toMatch(/\[(WARN|ERROR)\] \[astro-schema-manager\]/);
    // The HTML report says which page.
    const report = readFileSync(join(root, 'report.html'), 'utf8');
    expect(report).toContain("<li><b>1</b> of the pages' own JSON-LD replaced by the CMS's</li>");
    expect(report).toContain("(1 of the page's own replaced) · blog/post-2/index.html</span>");
  } finally {
    writeFileSync(config, before);
  }
}, 180_000);

test("the same blog in two languages, with @astrojs/sitemap's i18n option: the home pages share a title, as meant", async () => {
  const root = join(scratch, 'blog');
  const config = join(root, 'astro.config.mjs');
  const french = join(root, 'src/pages/fr/index.astro');
  const before = readFileSync(config, 'utf8');
  // The sitemap, not the heads, names each page's language versions (<xhtml:link rel="alternate" hreflang>).
  writeFileSync(
    config,
    before
      .replace(
        'sitemap()',
        "sitemap({ i18n: { defaultLocale: 'en', locales: { en: 'en-US', fr: 'fr-FR' } } })",
      )
      .replace("site: '", "i18n: { locales: ['en', 'fr'], defaultLocale: 'en' }, site: '"),
  );
  mkdirSync(dirname(french), { recursive: true });
  // The blog's name is its name in French too.
  writeFileSync(
    french,
    `---\nimport Base from '../../layouts/Base.astro';\n---\n<Base title="My Blog" description="Bienvenue sur mon blog"><h1>Accueil</h1></Base>\n`,
  );
  try {
    const log = await build(root);
    expect(headOf(root, 'fr/index.html').values.title).toEqual(['My Blog']);
    expect(readFileSync(join(root, 'dist/sitemap-0.xml'), 'utf8')).toContain(
      `<xhtml:link rel="alternate" hreflang="fr-FR" href="${BLOG}/fr/"/>`,
    );
    const report = JSON.parse(readFileSync(join(root, 'report.json'), 'utf8')) as Report;
    expect(
      report.audit.filter((finding) => finding.severity !== 'info').map((finding) => finding.code),
    ).toEqual(['json-ld-type-twice']);
    expect(log).not.toContain('duplicate-title');
  } finally {
    writeFileSync(config, before);
    rmSync(dirname(french), { recursive: true, force: true });
  }
}, 180_000);
