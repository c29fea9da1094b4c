// `check` on a built directory audits the site as the build does, in every report format.
import { mkdir, mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { dirname, join, relative } from 'node:path';
import { parseDocument } from 'htmlparser2';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { runCli, runCliIn } from './support/run-cli.ts';

const SITE = 'https://shop.example/';

const check = (...args: string[]) => runCli('check', ...args);

const page = (path: string, head: string) =>
  `<!doctype html><html><head><meta charset="utf-8">${head}<link rel="canonical" href="${SITE}${path}"></head><body></body></html>`;

let dir: string;
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'check-site-'));
  await mkdir(join(dir, 'a'));
  await mkdir(join(dir, 'b'));
  await mkdir(join(dir, 'c'));
  await writeFile(
    join(dir, 'index.html'),
    page('', '<title>Shop</title><meta name="description" content="The shop.">'),
  );
  await writeFile(
    join(dir, 'a/index.html'),
    page('a/', '<title>Same</title><meta name="description" content="A.">'),
  );
  await writeFile(
    join(dir, 'b/index.html'),
    page(
      'b/',
      `<title>Same</title><meta name="description" content="B."><meta property="og:image" content="${SITE}missing.png">`,
    ),
  );
  await writeFile(
    join(dir, 'c/index.html'),
    page(
      'c/',
      '<title>Hidden</title><meta name="description" content="C."><meta name="robots" content="noindex">',
    ),
  );
  await writeFile(
    join(dir, 'sitemap-0.xml'),
    `<urlset><url><loc>${SITE}</loc></url><url><loc>${SITE}c/</loc></url></urlset>`,
  );
});
afterAll(() => rm(dir, { recursive: true, force: true }));

it('reports the audit beside the JSON-LD, with the site read from the home page', async () => {
  const { code, stdout } = await check(dir);
  expect(code).toBe(1);
  expect(stdout).toMatch(
    /b\/index\.html\n(?:\s+.*\n)*?\s+error\s+og:image .*missing\.png.*image-not-built \(audit\)/,
  );
  expect(stdout).toMatch(/warning\s+meta robots\s+The page is marked noindex, but sitemap-0\.xml lists it\./);
  // A finding about two pages is printed once, after the pages, and counted once.
  expect(stdout).toMatch(
    /\nAcross pages\n\s+warning <title>\s+2 pages share the <title> "Same".*duplicate-title \(audit\) on 2 pages\n/,
  );
  expect(stdout.match(/pages share the <title>/g)).toHaveLength(1);
  expect(stdout).toMatch(/: 1 error, 2 warnings, 0 info\.\n$/);
  // The JSON summary counts as the pretty report does: the shared title once.
  const json = JSON.parse((await check(dir, '--format', 'json')).stdout);
  expect(json.summary).toMatchObject({ errors: 1, warnings: 2, infos: 0 });
  // The build's severity option, given as --severity, applies to the audit's codes too.
  const lowered = await check(dir, '--severity', 'image-not-built=warning,duplicate-title=off');
  expect(lowered.code).toBe(0);
  expect(lowered.stdout).toMatch(/warning\s+og:image .*image-not-built \(audit\)/);
  expect(lowered.stdout).not.toContain('duplicate-title');
  expect(lowered.stdout).toMatch(/: 0 errors, 2 warnings, 0 info\.\n$/);
});

it('audits the directory however its path is written: ".", "./dir", "dir/"', async () => {
  const codesOf = (stdout: string) =>
    (JSON.parse(stdout).files as Array<{ pageIssues?: Array<{ code: string }> }>)
      .flatMap((file) => (file.pageIssues ?? []).map((issue) => issue.code))
      .sort();
  const expected = codesOf((await check(dir, '--format', 'json')).stdout);
  expect(expected).toContain('duplicate-title');
  const name = dir.split('/').at(-1) as string;
  for (const [cwd, path] of [
    [dir, '.'],
    [join(dir, '..'), `./${name}`],
    [join(dir, '..'), `${name}/`],
  ] as const) {
    const { stdout } = await runCliIn(cwd, 'check', path, '--format', 'json');
    expect(codesOf(stdout), `check ${path}`).toEqual(expected);
  }
});

it('annotates a finding about several pages once on GitHub, saying on how many', async () => {
  const { stdout } = await check(dir, '--format', 'github');
  const titles = stdout.split('\n').filter((line) => line.includes('title=duplicate-title'));
  expect(titles).toEqual([
    expect.stringMatching(
      /^::warning file=.*a\/index\.html,title=duplicate-title::<title>: 2 pages share .*\[audit, on 2 pages\]$/,
    ),
  ]);
});

it("gives the audit in JSON with each page's address, and leaves it out with --no-audit", async () => {
  const json = JSON.parse((await check(dir, '--format', 'json')).stdout);
  const b = json.files.find((file: { file: string }) => file.file.endsWith('b/index.html'));
  expect(b.url).toBe(`${SITE}b/`);
  expect(b.pageIssues.map((issue: { code: string }) => issue.code).sort()).toEqual([
    'duplicate-title',
    'image-not-built',
  ]);
  const skipped = await check(dir, '--no-audit', '--format', 'json');
  expect(skipped.code).toBe(0);
  expect(JSON.parse(skipped.stdout).files.every((file: { pageIssues?: unknown[] }) => !file.pageIssues)).toBe(
    true,
  );
});

it('writes one HTML page with the findings across pages', async () => {
  const out = join(dir, '..', `${Date.now()}-report.html`);
  const { code } = await check(dir, '--format', 'html', '--output', out);
  expect(code).toBe(1);
  const { readFile } = await import('node:fs/promises');
  const html = await readFile(out, 'utf8');
  await rm(out);
  const text = (node: unknown): string =>
    (node as { data?: string }).data ??
    ((node as { children?: unknown[] }).children ?? []).map(text).join('');
  const body = text(parseDocument(html));
  expect(body).toContain('2 pages share the <title> "Same"');
  expect(html).toContain('<b>4</b> pages');
});

it('says how to name the site when no page says where it lives', async () => {
  const bare = await mkdtemp(join(tmpdir(), 'check-bare-'));
  try {
    await writeFile(join(bare, 'index.html'), '<title>x</title>');
    const { stderr } = await check(bare);
    expect(stderr).toContain('pass --site <url>');
    const named = await check(bare, '--site', 'https://bare.example', '--format', 'json');
    expect(JSON.parse(named.stdout).files[0].pageIssues.map((issue: { code: string }) => issue.code)).toEqual(
      ['description-missing'],
    );
  } finally {
    await rm(bare, { recursive: true, force: true });
  }
});

/** A built directory holding `files` (by path, folders made), given to `use`, then removed. */
async function withSite(files: Record<string, string>, use: (root: string) => Promise<void>): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'check-built-'));
  try {
    for (const [path, text] of Object.entries(files)) {
      await mkdir(dirname(join(root, path)), { recursive: true });
      await writeFile(join(root, path), text);
    }
    await use(root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

it("names pages as the site does: a base, trailingSlash 'never' and .html files served without .html", async () => {
  const at = (path: string, title: string) =>
    `<!doctype html><html><head><title>${title}</title><meta name="description" content="Page ${path}.">` +
    `<link rel="canonical" href="https://shop.example/blog${path}"></head><body></body></html>`;
  const files = {
    'index.html': at('', 'Home'),
    'about.html': at('/about', 'About'),
    'posts/first.html': at('/posts/first', 'First'),
    'posts/second.html': at('/posts/second', 'First'),
  };
  await withSite(files, async (root) => {
    const { code, stdout } = await check(root, '--format', 'json');
    const issues = (
      JSON.parse(stdout).files as Array<{ pageIssues?: Array<{ code: string; message: string }> }>
    ).flatMap((file) => file.pageIssues ?? []);
    // The base and the spelling come from the pages: no canonical is "not a page of this build".
    expect(issues.map((issue) => issue.code)).toEqual(['duplicate-title', 'duplicate-title']);
    expect(issues[0]?.message).toContain(
      'https://shop.example/blog/posts/first, https://shop.example/blog/posts/second',
    );
    expect(code).toBe(0);
  });
});

it('names a route called legacy.html in the directory format by its folder: /legacy.html/', async () => {
  const files = {
    'index.html': page('', '<title>Home</title><meta name="description" content="H.">'),
    'about/index.html': page('about/', '<title>About</title><meta name="description" content="A.">'),
    'legacy.html/index.html': page(
      'legacy.html/',
      '<title>Legacy</title><meta name="description" content="L.">',
    ),
  };
  await withSite(files, async (root) => {
    const { code, stdout } = await check(root);
    expect(stdout).toContain('0 errors, 0 warnings');
    expect(code).toBe(0);
  });
});

it("checks a server build's dist/client, and says so", async () => {
  const files = {
    'server/entry.mjs': 'export {};',
    'client/index.html': page('', '<title>Shop</title><meta name="description" content="S.">'),
    'client/a/index.html': page('a/', '<title>A</title><meta name="description" content="A.">'),
  };
  await withSite(files, async (root) => {
    const { code, stdout, stderr } = await check(root, '--format', 'json');
    expect(stderr).toContain(`${root} is a server build's output: checking ${join(root, 'client')}`);
    const checked = JSON.parse(stdout).files as Array<{ file: string; pageIssues?: unknown[] }>;
    expect(checked.map((file) => file.file.split('/').slice(-2).join('/'))).toEqual([
      'a/index.html',
      'client/index.html',
    ]);
    expect(checked.flatMap((file) => file.pageIssues ?? [])).toEqual([]);
    expect(code).toBe(0);
  });
});

it('finds the site from a page further down when the top names none, and says so when nothing does', async () => {
  await withSite({ 'en/index.html': page('en/', '<title>En</title>') }, async (root) => {
    const { stderr, stdout } = await check(root, '--format', 'json');
    expect(stderr).toBe('');
    expect(JSON.parse(stdout).files[0].url).toBe(`${SITE}en/`);
  });
  await withSite(
    { 'en/index.html': '<title>En</title>', '404.html': page('', '<title>Lost</title>') },
    async (root) => {
      const { stderr } = await check(root);
      expect(stderr).toContain(
        'no page of it names its own address (canonical or og:url), nor does a sitemap; pass --site <url> to audit it',
      );
    },
  );
});

it('finds the site from the sitemaps when no page names itself: robots.txt, a sitemap index, a listed page', async () => {
  const bare = (title: string) =>
    `<!doctype html><html><head><title>${title}</title></head><body></body></html>`;
  const pages = { 'index.html': bare('Home'), 'about/index.html': bare('About') };
  const urlOf = async (root: string) => {
    const { stderr, stdout } = await check(root, '--format', 'json');
    // Found the site: no "audit skipped"; these bare pages have no JSON-LD, which is all stderr says.
    expect(stderr).toMatch(/^(Note: none of the \d+ pages has JSON-LD, .*\n)?$/);
    const files = JSON.parse(stdout).files as Array<{ file: string; url: string }>;
    return files.find((file) => file.file.endsWith('about/index.html'))?.url;
  };
  // @astrojs/sitemap under a base: the index names its child at the site's address.
  const index =
    '<sitemapindex><sitemap><loc>https://blog.example/base/sitemap-0.xml</loc></sitemap></sitemapindex>';
  await withSite(
    { ...pages, 'sitemap-index.xml': index, 'sitemap-0.xml': '<urlset></urlset>' },
    async (root) => {
      expect(await urlOf(root)).toBe('https://blog.example/base/about/');
    },
  );
  await withSite(
    {
      ...pages,
      'robots.txt': 'User-agent: *\nSitemap: https://robots.example/sitemap.xml\n',
      'sitemap.xml': '<urlset/>',
    },
    async (root) => expect(await urlOf(root)).toBe('https://robots.example/about/'),
  );
  const listed = '<urlset><url><loc>https://listed.example/docs/about/</loc></url></urlset>';
  await withSite({ ...pages, 'sitemap.xml': listed }, async (root) =>
    expect(await urlOf(root)).toBe('https://listed.example/docs/about/'),
  );
});

/** The codes `check --format json` attached to the files, and the files it names. */
async function jsonIssues(...args: string[]) {
  const { code, stdout } = await check(...args, '--format', 'json');
  const report = JSON.parse(stdout) as {
    summary: { files: number };
    files: Array<{ file: string; pageIssues?: Array<{ code: string; message: string }> }>;
  };
  const issues = report.files.flatMap((file) =>
    (file.pageIssues ?? []).map((issue) => ({ file: file.file, ...issue })),
  );
  return { code, issues, summary: report.summary };
}

it('reports a sitemap address without a page on the sitemap file, counted, not dropped', async () => {
  const files = {
    'index.html': page('', '<title>Shop</title><meta name="description" content="S.">'),
    'a/index.html': page('a/', '<title>A</title><meta name="description" content="A.">'),
    'sitemap.xml': `<urlset><url><loc>${SITE}</loc></url><url><loc>${SITE}a/</loc></url><url><loc>${SITE}gone/</loc></url></urlset>`,
  };
  await withSite(files, async (root) => {
    const { code, issues, summary } = await jsonIssues(root, '--fail-on', 'warning');
    expect(issues).toEqual([
      expect.objectContaining({
        file: expect.stringMatching(/sitemap\.xml$/),
        code: 'sitemap-url-without-page',
        message: `sitemap.xml lists ${SITE}gone/, which is not a page of this build.`,
      }),
    ]);
    expect(summary.files).toBe(2);
    expect(code).toBe(1);
  });
});

it('takes a home page, and the locale home pages it names, as they name themselves under a base', async () => {
  // Docusaurus's default: pages named without their slash, the roots with theirs.
  const at = (path: string, title: string, head = '') =>
    `<!doctype html><html><head><title>${title}</title><meta name="description" content="${title}.">${head}` +
    `<link rel="canonical" href="https://docs.example/product/${path}"></head><body></body></html>`;
  const alternates =
    '<link rel="alternate" hreflang="en" href="https://docs.example/product/">' +
    '<link rel="alternate" hreflang="fr" href="https://docs.example/product/fr/">';
  const files = {
    'index.html': at('', 'Home', alternates),
    'fr/index.html': at('fr/', 'Accueil', alternates),
    'docs/intro/index.html': at('docs/intro', 'Intro'),
    'docs/setup/index.html': at('docs/setup', 'Setup'),
    'docs/faq/index.html': at('docs/faq/', 'FAQ'),
  };
  await withSite(files, async (root) => {
    const { issues } = await jsonIssues(root);
    // The one page that names itself against the others' habit is still reported.
    expect(issues.map((issue) => `${issue.code} ${issue.file.split('/').slice(-3).join('/')}`)).toEqual([
      'canonical-spelling docs/faq/index.html',
    ]);
  });
});

it('finds the address of a sub-folder from a page at its top, above that page’s own name', async () => {
  const at = (path: string, title: string) =>
    `<!doctype html><html><head><title>${title}</title><meta name="description" content="${title}.">` +
    `<link rel="canonical" href="https://docs.example/product/docs/${path}"></head><body></body></html>`;
  const files = { 'intro.html': at('intro', 'Intro'), 'guides/setup.html': at('guides/setup', 'Setup') };
  await withSite(files, async (root) => {
    const { code, issues } = await jsonIssues(root);
    expect(issues).toEqual([]);
    expect(code).toBe(0);
  });
});

it("leaves an error page's canonical and a single-page app's 200.html fallback alone", async () => {
  const files = {
    'index.html': page('', '<title>Shop</title><meta name="description" content="S.">'),
    // Docusaurus with trailingSlash: true names its 404 page so.
    '404.html': `<!doctype html><html><head><title>Not found</title><link rel="canonical" href="${SITE}404.html/"></head></html>`,
    '200.html': '<!doctype html><html><head></head><body><div id="app"></div></body></html>',
  };
  await withSite(files, async (root) => {
    const { code, issues } = await jsonIssues(root);
    expect(issues).toEqual([]);
    expect(code).toBe(0);
  });
});

it('reads a <title> as a browser shows it, white space collapsed', async () => {
  const files = {
    'index.html': page('', '<title>Shop</title><meta name="description" content="S.">'),
    'a/index.html': page(
      'a/',
      '<title>\n    Anvils   and\n    hammers | Shop\n  </title><meta name="description" content="A.">',
    ),
    'b/index.html': page(
      'b/',
      '<title>Anvils and hammers | Shop</title><meta name="description" content="B.">',
    ),
  };
  await withSite(files, async (root) => {
    const { issues } = await jsonIssues(root);
    expect(issues.map((issue) => issue.message)).toEqual([
      expect.stringContaining('2 pages share the <title> "Anvils and hammers | Shop"'),
      expect.stringContaining('2 pages share the <title> "Anvils and hammers | Shop"'),
    ]);
  });
});

it('notes a --site the pages disagree with, and says nothing when they agree', async () => {
  const mistyped = await check(dir, '--site', 'https://shop.exmaple/');
  expect(mistyped.stderr).toContain(
    `Note: --site is https://shop.exmaple/, but the pages of ${dir} name ${SITE} as their address; the audit checks them against --site.`,
  );
  expect(mistyped.stdout).toContain('canonical-off-site');
  expect((await check(dir, '--site', 'https://SHOP.example')).stderr).not.toContain('Note: --site');
});

it('refuses a --site or --cms that is no http(s) address, naming the flag (exit 2)', async () => {
  const { code, stderr } = await check(dir, '--site', 'docs.example.com/product');
  expect(code).toBe(2);
  expect(stderr).toContain(
    '--site takes an absolute http(s) address such as https://example.com/; got "docs.example.com/product".',
  );
  expect((await check(dir, '--cms', 'ftp://cms.example/')).code).toBe(2);
});

it('prints a page finding a layout repeats once: word for word on three pages, or each its own on ten', async () => {
  // Twelve product pages, each naming its own image (none built), and the same missing logo.
  const files: Record<string, string> = { 'index.html': page('', '<title>Shop</title>') };
  for (let n = 1; n <= 12; n++)
    files[`p/${n}/index.html`] = page(
      `p/${n}/`,
      `<title>Product ${n}</title><meta name="description" content="Product ${n}."><meta property="og:image" content="https://shop.example/p/${n}.jpg"><meta name="twitter:image" content="https://shop.example/logo.png">`,
    );
  await withSite(files, async (root) => {
    const { stdout } = await check(root);
    const lines = stdout.trim().split('\n');
    // No page lists its own: the two kinds are under "Across pages", once each.
    expect(lines.filter((line) => line.includes('image-not-built'))).toEqual([
      expect.stringMatching(
        /^ {2}error {3}twitter:image {2}twitter:image https:\/\/shop\.example\/logo\.png .*image-not-built \(audit\) on 12 files: .* and 9 more$/,
      ),
      expect.stringMatching(
        /^ {2}error {3}og:image {2}og:image https:\/\/shop\.example\/p\/1\.jpg is on this site .*image-not-built \(audit\) on \S+p\/1\/index\.html, and likewise on 11 more pages: \S+, \S+, \S+ and 8 more$/,
      ),
    ]);
    expect(lines.at(-1)).toMatch(/: 24 errors,/);
    // JSON keeps each page's findings.
    const json = JSON.parse((await check(root, '--format', 'json')).stdout);
    const product = json.files.find((file: { file: string }) => file.file.endsWith('p/5/index.html'));
    expect(product.pageIssues.map((issue: { code: string }) => issue.code)).toEqual([
      'image-not-built',
      'image-not-built',
    ]);
  });
});

// The shape of `next build` with `output: 'export'` and `basePath: '/docs'`: every page loads its chunks from
// /docs/_next/, while the metadata's canonical and og:url leave the basePath out.
const nextPage = (path: string, title: string, named = true) =>
  `<!doctype html><html><head><meta charSet="utf-8"/>` +
  `<link rel="preload" as="script" fetchPriority="low" href="/docs/_next/static/chunks/webpack.js"/>` +
  `<script src="/docs/_next/static/chunks/main-app.js" async=""></script><title>${title}</title>` +
  `<meta name="description" content="The page ${title}, long enough to say what it is about."/>` +
  (named
    ? `<link rel="canonical" href="${SITE}${path}"/><meta property="og:url" content="${SITE}${path}"/>`
    : '') +
  `</head><body><a href="/docs/blog/hello">Hello</a><script type="application/ld+json">` +
  `{"@context":"https://schema.org","@type":"WebSite","name":"Docs","url":"${SITE}docs/"}</script></body></html>`;
const nextFiles = (named = true) => ({
  'index.html': nextPage('', 'Docs home', named),
  'blog/hello.html': nextPage('blog/hello', 'Hello world', named),
  '_next/static/chunks/webpack.js': '',
  '_next/static/chunks/main-app.js': '',
});

it("takes the base path from the files a site's pages load when their canonicals leave it out (Next.js's basePath)", async () => {
  await withSite(nextFiles(), async (root) => {
    const { code, stdout, stderr } = await check(root, '--format', 'json');
    const note = `Note: the pages of ${root} name ${SITE} as the site's address, but load their own files from under /docs/ (/docs/_next/static/chunks/webpack.js), which works only served there: checked as ${SITE}docs/. Pass --site <url> if the site is elsewhere.`;
    expect(stderr.trim()).toBe(note);
    const report = JSON.parse(stdout);
    expect(report.notes).toEqual([note]);
    const pages = report.files as Array<{
      file: string;
      url: string;
      pageIssues?: Array<{ code: string; message: string }>;
    }>;
    expect(pages.map((file) => file.url)).toEqual([`${SITE}docs/blog/hello`, `${SITE}docs/`]);
    // Each canonical names an address that is no page: which one it meant, and why.
    expect(pages.flatMap((file) => (file.pageIssues ?? []).map((issue) => issue.message))).toEqual([
      `The canonical ${SITE}blog/hello is not a page of this build; ${SITE}docs/blog/hello is: the canonical leaves out the site's base path /docs/ (as Next.js's metadata does with a basePath). Write the address with the base.`,
      `The canonical ${SITE} is not a page of this build; ${SITE}docs/ is: the canonical leaves out the site's base path /docs/ (as Next.js's metadata does with a basePath). Write the address with the base.`,
    ]);
    expect(code).toBe(1);
    // Given as --site, the base the files say is checked against too.
    const given = await check(root, '--site', SITE);
    expect(given.stderr).toContain(
      `Note: --site is ${SITE}, but the pages of ${root} load their own files from under /docs/ (/docs/_next/static/chunks/webpack.js), which works only served there.`,
    );
  });
});

it('says under which base path to give --site when no page names the site but its files say the base', async () => {
  await withSite(nextFiles(false), async (root) => {
    const { stderr } = await check(root);
    expect(stderr.trim()).toBe(
      `Site audit of ${root} skipped: no page of it names its own address (canonical or og:url), nor does a sitemap; its pages load their own files from under /docs/ (/docs/_next/static/chunks/webpack.js), which works only served there, so pass --site https://<its host>/docs/ to audit it (shared titles and descriptions, links, hreflang, sitemaps, built images; what each page says on its own is still checked).`,
    );
  });
});

it("takes a site's own folder for no base: /docs/logo.png is the file docs/logo.png", async () => {
  const files = {
    'index.html': page(
      '',
      '<title>Shop</title><meta name="description" content="S."><script src="/app.js"></script><link rel="icon" href="/docs/logo.png">',
    ),
    'docs/index.html': page(
      'docs/',
      '<title>Docs</title><meta name="description" content="D."><script src="/app.js"></script>',
    ),
    'docs/logo.png': '',
    'app.js': '',
  };
  await withSite(files, async (root) => {
    const { code, stderr, stdout } = await check(root, '--format', 'json');
    expect(stderr).not.toContain('their own files');
    expect(JSON.parse(stdout).files.map((file: { url: string }) => file.url)).toEqual([`${SITE}docs/`, SITE]);
    expect(code).toBe(0);
  });
});

it("takes Next.js's _not-found.html for the error page it is: its canonical not checked nor read for the site", async () => {
  // Next's root layout gives its metadata to the not-found page too: here a canonical of the page it sits on.
  const notFound = `<!doctype html><html><head><meta name="robots" content="noindex"/><title>404: This page could not be found.</title><link rel="canonical" href="https://elsewhere.example/_not-found"/></head><body></body></html>`;
  const files = {
    '_not-found.html': notFound,
    '404.html': notFound,
    'index.html': page('', '<title>Shop</title><meta name="description" content="S.">'),
    'gone.html': page('_not-found', '<title>Gone</title><meta name="description" content="G.">'),
  };
  await withSite(files, async (root) => {
    const { issues } = await jsonIssues(root);
    expect(issues.map((issue) => `${issue.code} ${issue.file.split('/').at(-1)}`)).toEqual([
      'canonical-to-not-found gone.html',
    ]);
  });
  // Nor does the error page say where the site is: it is served for every address.
  await withSite({ '_not-found.html': notFound, 'about.html': '<title>About</title>' }, async (root) => {
    expect((await check(root)).stderr).toContain('skipped: no page of it names its own address');
  });
});

// Gatsby 5 writes its scripts as a slice, `_gatsby/slices/_gatsby-scripts-1.html`, beside its pages: a piece of
// HTML every page includes, with no doctype, <html>, <head>, title or meta.
const gatsbySlice = `
          <script
            id="gatsby-chunk-mapping"
          >
            window.___chunkMapping="{\\"app\\":[\\"/app-1.js\\"]}";
          </script>
        <script>window.___webpackCompilationHash="3dc0";</script><script src="/app-1.js" async></script>`;

it('counts a page fragment a generator writes (a Gatsby slice) apart from the pages, unless it holds JSON-LD', async () => {
  const files = {
    'index.html': page(
      '',
      '<title>Shop</title><meta name="description" content="S."><script type="application/ld+json">{"@context":"https://schema.org","@type":"WebSite","name":"Shop","url":"https://shop.example/"}</script>',
    ),
    'about/index.html': page('about/', '<title>About</title><meta name="description" content="A.">'),
    '_gatsby/slices/_gatsby-scripts-1.html': gatsbySlice,
    'app-1.js': '',
  };
  await withSite(files, async (root) => {
    const { stdout } = await check(root);
    expect(stdout.trim().split('\n').at(-1)).toBe(
      '2 files, 1 JSON-LD document, 1 without JSON-LD, 1 page fragment not counted: 0 errors, 0 warnings, 0 info.',
    );
    const report = JSON.parse((await check(root, '--format', 'json')).stdout);
    expect(report.summary).toMatchObject({ files: 2, fragments: 1 });
    // Listed apart, with no address of its own: it is no page.
    expect(
      report.files
        .filter((file: { fragment?: boolean }) => file.fragment)
        .map((file: { file: string; url?: string }) => [file.file.split('/').at(-1), file.url]),
    ).toEqual([['_gatsby-scripts-1.html', undefined]]);
    const out = join(root, 'report.html');
    await check(root, '--format', 'html', '--output', out);
    const html = await readFile(out, 'utf8');
    expect(html).toContain('<b>2</b> pages');
    expect(html).not.toContain('_gatsby-scripts-1.html');
  });
  // A fragment with JSON-LD is checked and counted as any file: its scripts end up in pages.
  const withJsonLd = {
    ...files,
    '_gatsby/slices/_gatsby-scripts-1.html': `${gatsbySlice}<script type="application/ld+json">{"@context":"https://schema.org","@type":"Organization","name":"Shop","url":"https://shop.example/"}</script>`,
  };
  await withSite(withJsonLd, async (root) => {
    const { stdout } = await check(root);
    expect(stdout.trim().split('\n').at(-1)).toMatch(/^3 files, 2 JSON-LD documents, 1 without JSON-LD: /);
  });
});

it("names the page a sitemap's or an hreflang's address meant when it leaves the base path out (Next.js's basePath)", async () => {
  // Next's sitemap.ts and metadata alternates are written by hand: here as the canonicals are, without /docs.
  const languages = `<link rel="alternate" hreflang="en" href="${SITE}blog/hello"/><link rel="alternate" hreflang="fr" href="${SITE}fr/blog/hello"/>`;
  const files = {
    ...nextFiles(),
    'blog/hello.html': nextPage('blog/hello', 'Hello world').replace('</head>', `${languages}</head>`),
    'fr/blog/hello.html': nextPage('fr/blog/hello', 'Bonjour le monde').replace(
      '</head>',
      `${languages}</head>`,
    ),
    'sitemap.xml': `<urlset><url><loc>${SITE}blog/hello</loc></url><url><loc>${SITE}gone</loc></url></urlset>`,
  };
  await withSite(files, async (root) => {
    const { issues } = await jsonIssues(root);
    const messages = (code: string) =>
      [...new Set(issues.filter((issue) => issue.code === code).map((issue) => issue.message))].sort();
    expect(messages('sitemap-url-without-page')).toEqual([
      `sitemap.xml lists ${SITE}blog/hello, which is not a page of this build; ${SITE}docs/blog/hello is: the address leaves out the site's base path /docs/. Write the sitemap's addresses with the base.`,
      // Nor with the base: nothing more to say.
      `sitemap.xml lists ${SITE}gone, which is not a page of this build.`,
    ]);
    expect(messages('hreflang-not-built')).toEqual([
      `2 pages name ${SITE}blog/hello as their hreflang="en" version (${SITE}docs/blog/hello, ${SITE}docs/fr/blog/hello), and it is not a page of this build; ${SITE}docs/blog/hello is: the link leaves out the site's base path /docs/. Write the address with the base.`,
      `2 pages name ${SITE}fr/blog/hello as their hreflang="fr" version (${SITE}docs/blog/hello, ${SITE}docs/fr/blog/hello), and it is not a page of this build; ${SITE}docs/fr/blog/hello is: the link leaves out the site's base path /docs/. Write the address with the base.`,
    ]);
  });
});

it('reports what titles and descriptions say on their own where the site has no address, on the pages a search engine lists', async () => {
  const page = (head: string) => `<!doctype html><html><head>${head}</head><body></body></html>`;
  const files = {
    'index.html': page('<title>Home</title>'),
    'long/index.html': page(`<title>${'Long '.repeat(30)}</title><meta name="description" content="Long.">`),
    'said/index.html': page(
      '<title>Said</title><meta name="description" content="Said."><meta property="og:title" content="Other">',
    ),
    // Not pages a search engine lists: nothing asked of them.
    '404.html': page(''),
    'hidden/index.html': page('<meta name="robots" content="noindex">'),
    'old/index.html': page('<meta http-equiv="refresh" content="0; url=/">'),
  };
  await withSite(files, async (root) => {
    const { issues } = await jsonIssues(root);
    expect(issues.map((issue) => `${issue.code} ${relative(root, issue.file)}`)).toEqual([
      'description-missing index.html',
      'title-too-long long/index.html',
      'social-disagrees-with-meta said/index.html',
    ]);
    // A page named on its own says the same.
    const alone = await jsonIssues(join(root, 'index.html'));
    expect(alone.issues.map((issue) => issue.code)).toEqual(['description-missing']);
  });
});

it('reports a relative og:image where the site has no address to audit it by, and on a page named alone', async () => {
  // Gatsby's Head with no siteUrl: no canonical, og:url or sitemap, and the image written from the site's root.
  const files = {
    'index.html':
      '<!doctype html><html><head><title>Home</title><meta name="description" content="Home page."><meta property="og:image" content="/og.png"><meta name="twitter:image" content="/og.png"></head><body></body></html>',
    'about/index.html':
      '<!doctype html><html><head><title>About</title><meta name="description" content="About us."><meta property="og:image" content="https://cdn.example/a.png"></head><body></body></html>',
    'next/index.html':
      '<!doctype html><html><head><title>Next</title><meta name="description" content="Next."><meta property="og:image" content="http://localhost:3000/og.png"/></head><body></body></html>',
    'og.png': '',
  };
  const expected = {
    code: 'image-not-absolute',
    path: 'og:image',
    message:
      'og:image and twitter:image "/og.png" is not an absolute http(s) address: Facebook, X and LinkedIn read it as written, not against the page\'s address, and show no image when the page is shared. Write it whole.',
  };
  await withSite(files, async (root) => {
    const { code, issues } = await jsonIssues(root);
    expect(issues.map((issue) => `${issue.code} ${relative(root, issue.file)}`)).toEqual([
      'image-not-absolute index.html',
      'image-on-localhost next/index.html',
    ]);
    expect(issues[0]).toMatchObject(expected);
    expect(issues[1]!.message).toMatch(
      /^og:image http:\/\/localhost:3000\/og\.png is on localhost:3000, .*metadataBase\)\.$/,
    );
    expect(code).toBe(1);
    const alone = await jsonIssues(join(root, 'index.html'));
    expect(alone.issues).toEqual([expect.objectContaining(expected)]);
    // Still no address of its own: a page of a site whose address is unknown has none to give.
    const report = JSON.parse((await check(root, '--format', 'json')).stdout);
    expect(report.files.map((file: { url?: string }) => file.url)).toEqual([undefined, undefined, undefined]);
    expect((await jsonIssues(root, '--no-audit')).issues).toEqual([]);
  });
});
