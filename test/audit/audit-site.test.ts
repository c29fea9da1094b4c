import { mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { auditSite, type PageFacts, readPageFacts, truncateForResult } from '../../src/audit/index.ts';
import { listOutputFiles, readSitemaps } from '../../src/audit/read-output.ts';

const SITE = 'https://www.example.com/';

function page(file: string, path: string, head: string, body = ''): PageFacts {
  return readPageFacts(
    `<!doctype html><html><head>${head}</head><body>${body}</body></html>`,
    new URL(path, SITE).href,
    file,
  );
}

const ok = (path: string, title: string, description = `About ${title}, in a sentence.`) =>
  `<title>${title}</title><meta name="description" content="${description}"><link rel="canonical" href="${new URL(path, SITE).href}">`;

function codes(findings: ReturnType<typeof auditSite>): string[] {
  return findings.map((finding) => `${finding.code} ${new URL(finding.page).pathname} ${finding.path}`);
}

describe('auditSite', () => {
  it('says when the page and the CMS both describe one type, and only then', () => {
    const ld = (doc: object, ours = false) =>
      `<script type="application/ld+json"${ours ? ' data-schema-manager' : ''}>${JSON.stringify(doc)}</script>`;
    const pages = [
      // The theme's BlogPosting (spelled with a prefix) and the CMS's.
      page(
        'a/index.html',
        '/a/',
        ok('/a/', 'A') + ld({ '@type': 'schema:BlogPosting' }) + ld({ '@type': 'BlogPosting' }, true),
      ),
      // In a @graph, and the page's own in the body.
      page(
        'b/index.html',
        '/b/',
        ok('/b/', 'B') + ld({ '@graph': [{ '@type': 'Organization' }] }, true),
        ld({ '@type': ['Organization', 'Brand'] }),
      ),
      // Different types: each says something else.
      page(
        'c/index.html',
        '/c/',
        ok('/c/', 'C') + ld({ '@type': 'WebSite' }) + ld({ '@type': 'Organization' }, true),
      ),
      // Two of the page's own: not this package's to judge.
      page('d/index.html', '/d/', ok('/d/', 'D') + ld({ '@type': 'Person' }) + ld({ '@type': 'Person' })),
      // One node described in two places (one @id): a JSON-LD reader merges them.
      page(
        'e/index.html',
        '/e/',
        ok('/e/', 'E') +
          ld({ '@type': 'Organization', '@id': '/#org' }) +
          ld({ '@type': 'Organization', '@id': '/#org', logo: '/l.png' }, true),
      ),
    ];
    const findings = auditSite({
      site: SITE,
      pages,
      files: new Set(pages.map((p) => p.file)),
      sitemapUrls: null,
    });
    expect(codes(findings)).toEqual([
      'json-ld-type-twice /a/ <script type="application/ld+json">',
      'json-ld-type-twice /b/ <script type="application/ld+json">',
    ]);
    expect(findings[0]?.message).toMatch(/^BlogPosting is described twice: by the page's own JSON-LD/);
    expect(findings[1]?.message).toMatch(/^Organization is described twice/);
  });

  it("says jsonLdConflict: 'api' cannot help when the page's script also describes something else", () => {
    const ld = (doc: object, ours = false) =>
      `<script type="application/ld+json"${ours ? ' data-schema-manager' : ''}>${JSON.stringify(doc)}</script>`;
    const cms = ld({ '@context': 'https://schema.org', '@type': 'BlogPosting', headline: 'A' }, true);
    const pages = [
      // As starlight-blog writes a post's: one @graph with the BlogPosting and its BreadcrumbList.
      page(
        'a/index.html',
        '/a/',
        ok('/a/', 'A') +
          ld({
            '@context': 'https://schema.org',
            '@graph': [{ '@type': 'BlogPosting', headline: 'A' }, { '@type': 'BreadcrumbList' }],
          }) +
          cms,
      ),
      // As astro-pure's JSON-LD component writes them: a script per node, the BlogPosting's replaceable.
      page(
        'b/index.html',
        '/b/',
        ok('/b/', 'B') + ld({ '@type': 'BlogPosting' }) + ld({ '@type': 'BreadcrumbList' }) + cms,
      ),
    ];
    const findings = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null });
    expect(codes(findings)).toEqual([
      'json-ld-type-twice /a/ <script type="application/ld+json">',
      'json-ld-type-twice /b/ <script type="application/ld+json">',
    ]);
    expect(findings[0]!.message).not.toContain("let the CMS's replace the page's");
    expect(findings[0]!.message).toContain(
      "the page's script that holds it also describes BreadcrumbList, so jsonLdConflict: 'api' keeps it whole",
    );
    expect(findings[1]!.message).toContain("let the CMS's replace the page's (jsonLdConflict: 'api')");
  });

  it('finds nothing on a consistent site', () => {
    const pages = [
      page('index.html', '/', ok('/', 'Home')),
      page(
        'blog/index.html',
        '/blog/',
        `${ok('/blog/', 'Blog')}<meta property="og:image" content="${SITE}img/a.png">`,
      ),
    ];
    const findings = auditSite({
      site: SITE,
      pages,
      files: new Set(['index.html', 'blog/index.html', 'img/a.png']),
      sitemapUrls: [`${SITE}`, `${SITE}blog/`],
    });
    expect(findings).toEqual([]);
  });

  it('lists every page of a shared title and description once, as one group', () => {
    const pages = ['/a/', '/b/', '/c/'].map((path, index) =>
      page(
        `${path.slice(1)}index.html`,
        path,
        ok(path, 'Same title', index < 2 ? 'Same words.' : 'Other words.'),
      ),
    );
    const findings = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null });
    expect(codes(findings)).toEqual([
      'duplicate-description /a/ meta description',
      'duplicate-title /a/ <title>',
    ]);
    expect(findings[1]!.pages).toEqual([`${SITE}a/`, `${SITE}b/`, `${SITE}c/`]);
    expect(findings[1]!.message).toContain('3 pages share the <title> "Same title"');
  });

  it('leaves the error pages an i18n fallback copies under each locale out of the duplicate checks', () => {
    const notFound = (file: string, path: string) =>
      page(file, path, '<title>Not found</title><meta name="description" content="Nothing here.">');
    const findings = auditSite({
      site: SITE,
      pages: [
        page('index.html', '/', ok('/', 'Home')),
        notFound('404.html', '/404'),
        notFound('fr/404/index.html', '/fr/404/'),
        notFound('pt-br/404/index.html', '/pt-br/404/'),
        // A post about the error is a page like any other.
        notFound('blog/404/index.html', '/blog/404/'),
        notFound('blog/500/index.html', '/blog/500/'),
      ],
      files: new Set(),
      sitemapUrls: null,
    });
    expect(codes(findings)).toEqual([
      'duplicate-description /blog/404/ meta description',
      'duplicate-title /blog/404/ <title>',
    ]);
  });

  it('says when a canonical names a page of the site with another trailing slash than it is served with', () => {
    const pages = [
      page('index.html', '/', ok('/', 'Home')),
      // trailingSlash 'never': the page is /a, its canonical says /a/.
      page('a.html', '/a', ok('/a/', 'A')),
      page('b.html', '/b', ok('/b', 'B')),
      // Its own file's address, as Astro.url gives it in the file format: every host serves it.
      page('c.html', '/c', ok('/c.html', 'C')),
    ];
    const findings = auditSite({
      site: SITE,
      pages,
      files: new Set(),
      sitemapUrls: null,
      trailingSlash: 'never',
    });
    expect(codes(findings)).toEqual(['canonical-spelling /a link rel=canonical']);
    expect(findings[0]!.message).toBe(
      `The canonical names its page with another spelling than the site serves it at (${SITE}a/ for ${SITE}a): that address redirects or is a 404; write it as served, trailing slash included.`,
    );
    // Under trailingSlash 'ignore' both spellings are served.
    expect(
      auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null, trailingSlash: 'ignore' }),
    ).toEqual([]);
  });

  it('follows canonicals to missing pages, redirects, the 404 page and other sites', () => {
    const pages = [
      page('a/index.html', '/a/', ok('/a/', 'A').replace(`${SITE}a/`, `${SITE}gone/`)),
      page('b/index.html', '/b/', ok('/b/', 'B').replace(`${SITE}b/`, '/old/')),
      page('c/index.html', '/c/', ok('/c/', 'C').replace(`${SITE}c/`, `${SITE}404.html`)),
      page('d/index.html', '/d/', ok('/d/', 'D').replace(`${SITE}d/`, 'https://elsewhere.example/d/')),
      page('e/index.html', '/e/', `${ok('/e/', 'E')}<meta property="og:url" content="${SITE}e/other/">`),
      // A template that joins the site's address and the path with a dot too many: no host at all.
      page('g/index.html', '/g/', ok('/g/', 'G').replace(`${SITE}g/`, `${SITE.slice(0, -1)}../g/`)),
      page(
        'f/index.html',
        '/f/',
        ok('/f/', 'F').replace(`${SITE}f/`, `${SITE.replace('https:', 'http:')}f/`),
      ),
      page(
        'old/index.html',
        '/old/',
        '<meta http-equiv="refresh" content="0;url=/new/"><link rel="canonical" href="/new/">',
      ),
      page('404.html', '/404', '<title>Not found</title>'),
    ];
    const findings = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null });
    expect(codes(findings)).toEqual([
      'canonical-not-built /a/ link rel=canonical',
      'canonical-to-redirect /b/ link rel=canonical',
      'canonical-to-not-found /c/ link rel=canonical',
      'canonical-off-site /d/ link rel=canonical',
      'og-url-mismatch /e/ og:url',
      'canonical-off-site /f/ link rel=canonical',
      'canonical-malformed /g/ link rel=canonical',
    ]);
    expect(findings.find((finding) => finding.code === 'canonical-malformed')!.message).toMatch(
      /^The canonical https:\/\/\S+\.\.\/g\/ has no host a search engine can reach \(".*\.\." has an empty label/,
    );
    // The same host over the other scheme is named as a slip of the scheme, not another site.
    expect(findings.find((finding) => finding.page.endsWith('/f/'))!.message).toBe(
      `The canonical ${SITE.replace('https:', 'http:')}f/ uses http:// where the site is https://: search engines index that address instead of this one. Write it with https://.`,
    );
  });

  it('checks social images on the site against the output files, under the base', () => {
    const site = 'https://www.example.com/docs/';
    const head = (image: string) =>
      `<title>T</title><meta name="description" content="D"><meta property="og:image" content="${image}"><meta name="twitter:image" content="https://cdn.example/x.png">`;
    const pages = [
      readPageFacts(`<head>${head('/docs/img/here.png')}</head>`, `${site}a/`, 'a/index.html'),
      readPageFacts(`<head>${head('img/missing%20file.png')}</head>`, `${site}b/`, 'b/index.html'),
      // A template that left the base out: the build holds the file, served under /docs/.
      readPageFacts(`<head>${head('/img/here.png')}</head>`, `${site}c/`, 'c/index.html'),
      // Outside the base, and not the build's: another site of the origin may serve it.
      readPageFacts(`<head>${head('/shared/logo.png')}</head>`, `${site}d/`, 'd/index.html'),
    ];
    const findings = auditSite({
      site,
      pages,
      files: new Set(['img/here.png']),
      sitemapUrls: null,
      // Written relative on purpose, to read them as a browser would; that they are relative is the next test's.
      severity: { 'duplicate-title': 'off', 'duplicate-description': 'off', 'image-not-absolute': 'off' },
    });
    expect(codes(findings)).toEqual([
      'image-not-built /docs/b/ og:image',
      'image-not-built /docs/c/ og:image',
    ]);
    expect(findings[0]!.message).toContain('b/img/missing file.png is not in the build output');
    expect(findings[1]!.message).toBe(
      "og:image https://www.example.com/img/here.png leaves out the site's base (/docs/): the build's img/here.png is served at https://www.example.com/docs/img/here.png, and this address is not the site's. Write the image's address with the base.",
    );
  });

  it('warns of a social image written other than as an absolute http(s) address, naming the address to write', () => {
    const tags = (og: string, twitter: string) =>
      `<meta property="og:image" content="${og}"><meta name="twitter:image" content="${twitter}">`;
    const pages = [
      page('index.html', '/', `${ok('/', 'Home')}${tags(`${SITE}og.png`, `${SITE}og.png`)}`),
      page('a.html', '/a', `${ok('/a', 'A')}${tags('/og.png', '/og.png')}`),
      page('b.html', '/b', `${ok('/b', 'B')}${tags('//cdn.example/b.png', 'img/b.png')}`),
      page('c.html', '/c', `${ok('/c', 'C')}${tags('data:image/png;base64,AAAA', `${SITE}og.png`)}`),
    ];
    const findings = auditSite({
      site: SITE,
      pages,
      files: new Set(['og.png', 'img/b.png', 'index.html', 'a.html', 'b.html', 'c.html']),
      sitemapUrls: null,
    });
    expect(codes(findings)).toEqual([
      'image-not-absolute /a og:image',
      'image-not-absolute /b og:image',
      'image-not-absolute /b twitter:image',
      'image-not-absolute /c og:image',
    ]);
    expect(findings.map((finding) => finding.severity)).toEqual(Array(4).fill('warning'));
    // One finding for the two tags of one address, with the address to write.
    expect(findings[0]!.message).toBe(
      `og:image and twitter:image "/og.png" is not an absolute http(s) address: Facebook, X and LinkedIn read it as written, not against the page's address, and show no image when the page is shared. Write it whole (${SITE}og.png).`,
    );
    expect(findings[1]!.message).toContain('Write it whole (https://cdn.example/b.png).');
    expect(findings[3]!.message).toMatch(
      /"data:image\/png;base64,AAAA" is not an absolute http\(s\) address: .* Write it whole\.$/,
    );
  });

  it('names the address to write under the base for a root-relative image that leaves the base out', () => {
    // Eleventy with pathPrefix '/docs/': the layout writes og:image "/img/og.png" without the url filter, so
    // the image, resolved, is the origin's /img/og.png; the build serves its img/og.png at /docs/img/og.png.
    const docs = `${SITE}docs/`;
    const pages = [
      page(
        'index.html',
        '/docs/',
        `${ok('/docs/', 'Home')}<meta property="og:image" content="/img/og.png"><meta name="twitter:image" content="/img/none.png">`,
      ),
    ];
    const findings = auditSite({
      site: docs,
      pages,
      files: new Set(['img/og.png', 'index.html']),
      sitemapUrls: null,
      severity: { 'image-not-built': 'off' },
    });
    expect(findings.map((finding) => finding.message.replace(/.* Write it whole/, 'Write it whole'))).toEqual(
      [
        `Write it whole (${docs}img/og.png).`,
        // No such file under the base: the address as the browser resolves it.
        `Write it whole (${SITE}img/none.png).`,
      ],
    );
  });

  it("reports a social image on localhost, as Next.js's metadata writes it without metadataBase", () => {
    const tags = (og: string, twitter: string) =>
      `<meta property="og:image" content="${og}"><meta name="twitter:image" content="${twitter}">`;
    const pages = [
      page(
        'index.html',
        '/',
        `${ok('/', 'Home')}${tags('http://localhost:3000/og.png', 'http://localhost:3000/og.png')}`,
      ),
      page('a.html', '/a', `${ok('/a', 'A')}${tags('http://127.0.0.1:8080/img/none.png', `${SITE}og.png`)}`),
      // A host named so is not one: localhost.example.com is a name like any other.
      page(
        'b.html',
        '/b',
        `${ok('/b', 'B')}${tags('https://localhost.example.com/og.png', `${SITE}og.png`)}`,
      ),
    ];
    const findings = auditSite({
      site: SITE,
      pages,
      files: new Set(['og.png', 'index.html', 'a.html', 'b.html']),
      sitemapUrls: null,
    });
    expect(codes(findings)).toEqual(['image-on-localhost / og:image', 'image-on-localhost /a og:image']);
    expect(findings.map((finding) => finding.severity)).toEqual(['error', 'error']);
    expect(findings[0]!.message).toBe(
      `og:image and twitter:image http://localhost:3000/og.png is on localhost:3000, the machine that built the page: Facebook, X, LinkedIn and search engines fetch it from theirs, and show no image when the page is shared. Give the site's address (in Next.js, metadataBase): the build's og.png is at ${SITE}og.png.`,
    );
    // No such file built: where it is, the site knows.
    expect(findings[1]!.message).toMatch(/metadataBase\)\.$/);
  });

  it('says nothing of a localhost image on a site that is itself on localhost (a local preview build)', () => {
    const local = 'http://localhost:4321/';
    const image = `<meta property="og:image" content="${local}og.png">`;
    const findings = auditSite({
      site: local,
      pages: [
        readPageFacts(
          `<!doctype html><html><head><title>Home</title><meta name="description" content="About Home, in a sentence."><link rel="canonical" href="${local}">${image}</head><body></body></html>`,
          local,
          'index.html',
        ),
      ],
      files: new Set(['og.png', 'index.html']),
      sitemapUrls: null,
    });
    expect(codes(findings)).toEqual([]);
  });

  it('says when a missing image is a built file under a base the site was not given', () => {
    // Next.js with basePath '/shop': canonicals leave the base out, so the site seems to be the origin's root,
    // while og:image keeps it and the build holds og.png at its top.
    const pages = [
      page('index.html', '/', `${ok('/', 'Home')}<meta property="og:image" content="${SITE}shop/og.png">`),
      page('a.html', '/a', `${ok('/a', 'A')}<meta property="og:image" content="${SITE}shop/img/none.png">`),
    ];
    const findings = auditSite({
      site: SITE,
      pages,
      files: new Set(['og.png', 'index.html', 'a.html']),
      sitemapUrls: null,
    });
    expect(codes(findings)).toEqual(['image-not-built / og:image', 'image-not-built /a og:image']);
    expect(findings[0]!.message).toBe(
      `og:image ${SITE}shop/og.png is on this site but shop/og.png is not in the build output. The build has og.png, which a site under /shop/ serves at this address: if the site is served there, its address is ${SITE}shop/ (check's --site), and its canonicals that leave /shop/ out name no page; otherwise point the image at ${SITE}og.png.`,
    );
    // No such file built: nothing more to say.
    expect(findings[1]!.message).toBe(
      `og:image ${SITE}shop/img/none.png is on this site but shop/img/none.png is not in the build output.`,
    );
  });

  it('compares the sitemap with the pages and their robots', () => {
    const pages = [
      page('index.html', '/', ok('/', 'Home')),
      page(
        'private/index.html',
        '/private/',
        `${ok('/private/', 'Private')}<meta name="robots" content="noindex, follow">`,
      ),
    ];
    const findings = auditSite({
      site: SITE,
      pages,
      files: new Set(),
      sitemapUrls: [SITE, `${SITE}private/`, `${SITE}never-built/`, `${SITE}live/`],
      // A server build serves /live/ on demand: it is a page, though not in the output.
      servedOnDemand: (pathname) => pathname === '/live/',
    });
    expect(codes(findings)).toEqual([
      'sitemap-url-without-page /never-built/ sitemap',
      'noindex-in-sitemap /private/ meta robots',
    ]);
  });

  it('gives one noindex-in-sitemap finding for all the pages, naming the sitemap that lists them', () => {
    const tag = (name: string) =>
      page(
        `tags/${name}/index.html`,
        `/tags/${name}/`,
        `${ok(`/tags/${name}/`, `Tag ${name}`)}<meta name="robots" content="noindex, follow">`,
      );
    const sitemapUrls = ['a', 'b', 'c'].map((name) => `${SITE}tags/${name}/`);
    const findings = auditSite({
      site: SITE,
      pages: [page('index.html', '/', ok('/', 'Home')), tag('a'), tag('b'), tag('c')],
      files: new Set(),
      sitemapUrls,
      sitemapFileOf: new Map(sitemapUrls.map((url) => [url, 'sitemap-0.xml'])),
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      code: 'noindex-in-sitemap',
      severity: 'warning',
      pages: sitemapUrls,
    });
    expect(findings[0]?.message).toBe(
      `3 pages are marked noindex, but sitemap-0.xml lists them: ${sitemapUrls.join(', ')}. Drop one of the two: a sitemap lists pages to index (with @astrojs/sitemap, its filter option leaves pages out).`,
    );
  });

  it("gives Astro's redirect pages a sitemap lists a warning of their own, not noindex-in-sitemap", () => {
    // What Astro writes for an i18n fallback (redirect type) or a config redirect: noindex, a refresh, a canonical.
    const redirect = (from: string, to: string) =>
      page(
        `${from.slice(1)}index.html`,
        from,
        `<title>Redirecting to: ${to}</title><meta http-equiv="refresh" content="0;url=${to}"><meta name="robots" content="noindex"><link rel="canonical" href="${SITE}${to.slice(1)}">`,
      );
    const sitemapUrls = [SITE, `${SITE}fr/`, `${SITE}fr/about/`];
    const findings = auditSite({
      site: SITE,
      pages: [
        page('index.html', '/', ok('/', 'Home')),
        redirect('/fr/', '/'),
        redirect('/fr/about/', '/about/'),
      ],
      files: new Set(),
      sitemapUrls,
      sitemapFileOf: new Map(sitemapUrls.map((url) => [url, 'sitemap-0.xml'])),
    });
    expect(findings).toHaveLength(1);
    expect(findings[0]).toMatchObject({
      code: 'redirect-in-sitemap',
      severity: 'warning',
      pages: [`${SITE}fr/`, `${SITE}fr/about/`],
    });
    expect(findings[0]?.message).toMatch(
      /^sitemap-0\.xml lists 2 redirects: .*leave redirects out \(with @astrojs\/sitemap, its filter option does/,
    );
  });

  it("validates the pages' own JSON-LD when asked, one finding per problem listing its pages", () => {
    // A theme's layout writing a BlogPosting with no date on every page (AstroPaper's "undefined"), beside the CMS's.
    const theme = `<script type="application/ld+json">${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'BlogPosting',
      headline: 'Home',
      datePublished: 'undefined',
    })}</script>`;
    const cms = `<script type="application/ld+json" data-schema-manager>${JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'Organization',
      name: 'Acme',
      datePublished: 'not a date either',
    })}</script>`;
    const validation = { rules: ['schema.org' as const] };
    const read = (path: string, head: string) =>
      readPageFacts(
        `<!doctype html><html><head>${ok(path, path)}${head}</head><body></body></html>`,
        new URL(path, SITE).href,
        `${path.slice(1)}index.html`,
        validation,
      );
    const pages = [read('/', theme + cms), read('/about/', theme), read('/tags/', theme)];
    // Only the page's own scripts are validated here: the CMS's were validated before the pages were written.
    expect(pages[0]?.pageJsonLdIssues.map((issue) => [issue.code, issue.script, issue.path])).toEqual([
      ['invalid-value', 1, '$.datePublished'],
    ]);
    const own = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null }).filter(
      (finding) => finding.code === 'invalid-value',
    );
    expect(own).toHaveLength(1);
    expect(own[0]).toMatchObject({
      severity: 'error',
      path: '$.datePublished',
      pages: pages.map((p) => p.url),
    });
    expect(own[0]?.message).toMatch(
      /^In the page's own BlogPosting JSON-LD \(script 1, not from the CMS\), on 3 pages \(https:\/\/www\.example\.com\/, https:\/\/www\.example\.com\/about\/, https:\/\/www\.example\.com\/tags\/\): "datePublished" expects .*"undefined"\.$/,
    );
    // Not asked (check validates every script itself): no issues read.
    expect(page('index.html', '/', ok('/', 'Home') + theme).pageJsonLdIssues).toEqual([]);
  });

  it('finds CMS addresses anywhere in JSON-LD and off-site ids of the page’s own nodes', () => {
    const jsonLd = JSON.stringify({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', '@id': 'https://cms.example.com/a/#page', url: `${SITE}a/` },
        {
          '@type': 'Organization',
          '@id': 'https://partner.example/#org',
          logo: { '@type': 'ImageObject', url: 'https://cms.example.com/wp-content/logo.png' },
        },
        // An array inside @graph holds top-level nodes too, as JSON-LD reads it.
        [null, { '@type': 'Person', '@id': 'https://other.example/#ann' }],
      ],
    });
    const pages = [
      page(
        'a/index.html',
        '/a/',
        ok('/a/', 'A'),
        `<script type="application/ld+json; charset=utf-8">${jsonLd}</script>`,
      ),
    ];
    const findings = auditSite({
      site: SITE,
      cmsOrigin: 'https://cms.example.com',
      pages,
      files: new Set(),
      sitemapUrls: null,
    });
    expect(codes(findings)).toEqual([
      'cms-url-in-json-ld /a/ $["@graph"][0]["@id"]',
      'cms-url-in-json-ld /a/ $["@graph"][1].logo.url',
      'off-site-id-in-json-ld /a/ $["@graph"][1]["@id"]',
      'off-site-id-in-json-ld /a/ $["@graph"][2][1]["@id"]',
    ]);
  });

  it('warns on empty and far too long titles and descriptions, and on social text that disagrees', () => {
    const long = 'word '.repeat(50).trim();
    const pages = [
      page('a/index.html', '/a/', `<title></title><link rel="canonical" href="/a/">`),
      page(
        'b/index.html',
        '/b/',
        `<title>${long}</title><meta name="description" content="${long} ${long}"><meta property="og:title" content="Other">`,
      ),
    ];
    const findings = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null });
    expect(codes(findings)).toEqual([
      'description-missing /a/ meta description',
      'title-missing /a/ <title>',
      'description-too-long /b/ meta description',
      'social-disagrees-with-meta /b/ og:title',
      'title-too-long /b/ <title>',
    ]);
    expect(findings.find((finding) => finding.code === 'title-too-long')!.severity).toBe('warning');
  });

  it('does not take the language versions of a page (hreflang, named both ways) for duplicates of one another', () => {
    const alternates = (paths: string[]) =>
      paths.map((path) => `<link rel="alternate" hreflang="${path.slice(1, 3)}" href="${path}">`).join('');
    const head = (path: string, links: string) =>
      `<title>Install | Acme</title><meta name="description" content="How to install it."><link rel="canonical" href="${path}">${links}`;
    const pages = [
      // English and French name each other, French and German too: one page in three languages.
      page(
        'en/install/index.html',
        '/en/install/',
        head('/en/install/', alternates(['/en/install/', '/fr/install/'])),
      ),
      page(
        'fr/install/index.html',
        '/fr/install/',
        head('/fr/install/', alternates(['/en/install/', '/fr/install/', '/de/install/'])),
      ),
      page('de/install/index.html', '/de/install/', head('/de/install/', alternates(['/fr/install/']))),
    ];
    const alone = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null });
    expect(codes(alone)).toEqual([]);

    const other = page('setup/index.html', '/setup/', head('/setup/', ''));
    const findings = auditSite({ site: SITE, pages: [...pages, other], files: new Set(), sitemapUrls: null });
    expect(codes(findings).filter((line) => line.startsWith('duplicate'))).toEqual([
      'duplicate-description /en/install/ meta description',
      'duplicate-title /en/install/ <title>',
    ]);

    // A link the other page does not return is ignored by search engines: the German page, named by the French
    // one but naming nothing, is another page with the same title, and the French page is told.
    const oneWay = [
      pages[0]!,
      pages[1]!,
      page('de/install/index.html', '/de/install/', head('/de/install/', '')),
    ];
    const ignored = auditSite({ site: SITE, pages: oneWay, files: new Set(), sitemapUrls: null });
    expect(codes(ignored)).toEqual([
      'duplicate-description /en/install/ meta description',
      'duplicate-title /en/install/ <title>',
      'hreflang-no-return-link /fr/install/ link rel=alternate hreflang="de"',
    ]);
    expect(ignored[1]!.pages.map((url) => new URL(url).pathname)).toEqual([
      '/en/install/',
      '/fr/install/',
      '/de/install/',
    ]);
    expect(ignored.at(-1)!.message).toBe(
      'hreflang="de" names https://www.example.com/de/install/, which does not name this page back. Search engines ignore an hreflang link the other page does not return: add the return links to /de/install/, or drop these.',
    );
  });

  it('takes two pages that name each other in the same language for two pages, not versions of one', () => {
    // Eleventy's i18n plugin gives a paginated list's pages each other as hreflang="en".
    const head = (path: string, other: string) =>
      `<title>Blog | Acme</title><meta name="description" content="News."><link rel="canonical" href="${path}">` +
      `<link rel="alternate" hreflang="en" href="${path}"><link rel="alternate" hreflang="en" href="${other}">`;
    const pages = [
      page('blog/index.html', '/blog/', head('/blog/', '/blog/page/2/')),
      page('blog/page/2/index.html', '/blog/page/2/', head('/blog/page/2/', '/blog/')),
    ];
    const findings = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null });
    expect(codes(findings).filter((line) => line.startsWith('duplicate'))).toEqual([
      'duplicate-description /blog/ meta description',
      'duplicate-title /blog/ <title>',
    ]);
  });

  it('groups what is wrong with hreflang links by the value or the page named, once for a whole site', () => {
    const link = (hreflang: string, href: string) =>
      `<link rel="alternate" hreflang="${hreflang}" href="${href}">`;
    const posts = Array.from({ length: 12 }, (_, n) =>
      page(
        `posts/${n}/index.html`,
        `/posts/${n}/`,
        // A language switcher on every page: itself in English, the home page as x-default (which names only
        // itself), a region Google does not read, a page not built, a redirect, and another locale's domain.
        ok(`/posts/${n}/`, `Post ${n}`) +
          link('en', `/posts/${n}/`) +
          link('x-default', '/') +
          link('en-UK', `/uk/posts/${n}/`) +
          link('fr', '/fr/') +
          // Two pages for one language: search engines take one.
          link('fr', '/fr/other/') +
          link('de', '/de/') +
          link('es', 'https://es.example.com/') +
          link('it', '/live/') +
          link('nl', '/nl/') +
          // An auto-redirecting home page is a fit x-default, as Google says: no finding.
          link('x-default', '/de/'),
      ),
    );
    // The Dutch page says the home page is the one to index; its own links are not read (the German one is
    // a redirect).
    const dutch = page('nl/index.html', '/nl/', `${ok('/', 'Thuis')}${link('de', '/de/')}`);
    const home = page('index.html', '/', ok('/', 'Home') + link('x-default', '/'));
    const redirect = page('de/index.html', '/de/', '<meta http-equiv="refresh" content="0;url=/de/start/">');
    const findings = auditSite({
      site: SITE,
      pages: [home, redirect, dutch, ...posts],
      files: new Set(),
      sitemapUrls: null,
      servedOnDemand: (pathname) => pathname === '/live/',
    });
    expect(codes(findings)).toEqual([
      'hreflang-conflict /posts/0/ link rel=alternate hreflang="fr"',
      // The two x-default links above, to the home page and to the redirect.
      'hreflang-conflict /posts/0/ link rel=alternate hreflang="x-default"',
      'hreflang-invalid /posts/0/ link rel=alternate hreflang="en-UK"',
      'hreflang-no-return-link /posts/0/ link rel=alternate hreflang="x-default"',
      'hreflang-not-built /posts/0/ link rel=alternate hreflang="fr"',
      'hreflang-not-built /posts/0/ link rel=alternate hreflang="fr"',
      'hreflang-to-non-canonical /posts/0/ link rel=alternate hreflang="nl"',
      'hreflang-to-redirect /posts/0/ link rel=alternate hreflang="de"',
    ]);
    for (const finding of findings) expect(finding.pages).toHaveLength(12);
    const said = Object.fromEntries(findings.map((finding) => [finding.code, finding.message]));
    const french = findings.find(
      (finding) =>
        finding.code === 'hreflang-conflict' && finding.path === 'link rel=alternate hreflang="fr"',
    );
    expect(french?.message).toMatch(
      /^hreflang="fr" names 2 pages \(https:\/\/www\.example\.com\/fr\/, https:\/\/www\.example\.com\/fr\/other\/\); search engines take one page per language, so keep one\. On 12 pages: /,
    );
    expect(said['hreflang-invalid']).toMatch(
      /^Search engines ignore hreflang="en-UK": "UK" is not a country code of ISO 3166-1: write "en-GB". On 12 pages: /,
    );
    expect(said['hreflang-no-return-link']).toMatch(
      /^12 pages name https:\/\/www\.example\.com\/ as their hreflang="x-default" version \(.*\), and it does not name them back\./,
    );
    expect(said['hreflang-not-built']).toMatch(/, and it is not a page of this build\.$/);
    expect(said['hreflang-to-non-canonical']).toMatch(
      /, and it names https:\/\/www\.example\.com\/ as its canonical; search engines take hreflang links to canonical pages only: name that one\.$/,
    );
    expect(said['hreflang-to-redirect']).toMatch(
      /, and it is a redirect \(to \/de\/start\/\); name the final page\.$/,
    );
  });

  it('leaves a page whose canonical names another page out of the duplicate check', () => {
    const head = (canonical: string) =>
      `<title>Spring sale</title><meta name="description" content="All of it."><link rel="canonical" href="${canonical}">`;
    const pages = [
      page('sale/index.html', '/sale/', head('/sale/')),
      // The print version and an old address both point at /sale/: declared copies, not competitors.
      page('sale/print/index.html', '/sale/print/', head('/sale/')),
      page('spring/index.html', '/spring/', head(`${SITE}sale`)),
    ];
    const quiet = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null });
    expect(codes(quiet).filter((line) => line.startsWith('duplicate'))).toEqual([]);
    const rival = page('deals/index.html', '/deals/', head('/deals/'));
    const findings = auditSite({ site: SITE, pages: [...pages, rival], files: new Set(), sitemapUrls: null });
    expect(codes(findings).filter((line) => line.startsWith('duplicate'))).toEqual([
      'duplicate-description /sale/ meta description',
      'duplicate-title /sale/ <title>',
    ]);
    // A canonical naming no page of the build is ignored by search engines: the page stands for itself.
    const broken = page('old/index.html', '/old/', head('/gone/'));
    const alone = auditSite({ site: SITE, pages: [pages[0]!, broken], files: new Set(), sitemapUrls: null });
    expect(codes(alone).filter((line) => line.startsWith('duplicate'))).toEqual([
      'duplicate-description /sale/ meta description',
      'duplicate-title /sale/ <title>',
    ]);
  });

  it("takes an og:title that is the <title> without the site's name as agreeing with it", () => {
    const titled = (path: string, title: string, ogTitle: string) =>
      page(
        `${path}/index.html`,
        `/${path}/`,
        `<title>${title}</title><meta name="description" content="d"><meta property="og:title" content="${ogTitle}">`,
      );
    const pages = [
      titled('a', 'Install | Acme Docs', 'Install'),
      titled('b', 'Acme Docs - Install', 'Install'),
      titled('c', 'Install — Acme', 'Install'),
      titled('d', 'Installing | Acme', 'Install'),
      titled('e', 'Install guide', 'Install'),
      titled('f', 'Acme | Setup', 'Install'),
      titled('g', 'Notes • Astro Cactus', 'Notes'),
      titled('h', 'Acme / Install', 'Install'),
      // A run of spaces in both (an excerpt with two spaces, as AstroWind's posts have) is no difference.
      page(
        'i/index.html',
        '/i/',
        '<title>Hello  world</title><meta name="description" content="One.  Two."><meta property="og:title" content="Hello  world"><meta property="og:description" content="One.  Two.">',
      ),
    ];
    const findings = auditSite({ site: SITE, pages, files: new Set(), sitemapUrls: null });
    expect(codes(findings).filter((line) => line.startsWith('social-disagrees'))).toEqual([
      'social-disagrees-with-meta /d/ og:title',
      'social-disagrees-with-meta /e/ og:title',
      'social-disagrees-with-meta /f/ og:title',
    ]);
  });

  it('reads a document nested far deeper than the stack allows', () => {
    // Built as text: JSON.stringify itself would overflow at this depth.
    const depth = 100_000;
    const deep = `${'{"item":'.repeat(depth)}{"url":"https://cms.example.com/x"}${'}'.repeat(depth)}`;
    const pages = [
      page(
        'a/index.html',
        '/a/',
        ok('/a/', 'A'),
        `<script type="application/ld+json">{"@graph":[${deep}]}</script>`,
      ),
    ];
    const findings = auditSite({
      site: SITE,
      cmsOrigin: 'https://cms.example.com',
      pages,
      files: new Set(),
      sitemapUrls: null,
    });
    expect(findings.map((finding) => finding.code)).toEqual(['cms-url-in-json-ld']);
  });
});

describe('truncateForResult', () => {
  it('cuts at a word boundary with an ellipsis, and leaves short text alone', () => {
    expect(truncateForResult('Short', 60)).toBe('Short');
    expect(truncateForResult('A long title that goes on and on', 12)).toBe('A long title…');
    expect(truncateForResult('Unbreakablelongword', 5)).toBe('Unbre…');
  });
});

describe('reading the build output', () => {
  it('lists files and reads the page URLs of sitemaps, not of sitemap indexes', () => {
    const dir = mkdtempSync(join(tmpdir(), 'audit-output-'));
    try {
      mkdirSync(join(dir, 'blog'));
      mkdirSync(join(dir, '.hidden'));
      writeFileSync(join(dir, 'blog', 'index.html'), '<title>x</title>');
      writeFileSync(join(dir, '.hidden', 'x.html'), '');
      writeFileSync(
        join(dir, 'sitemap-index.xml'),
        `<?xml version="1.0"?><sitemapindex xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><sitemap><loc>${SITE}sitemap-0.xml</loc></sitemap></sitemapindex>`,
      );
      writeFileSync(
        join(dir, 'sitemap-0.xml'),
        `<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9"><url><loc> ${SITE}blog/?a=1&amp;b=2 </loc></url></urlset>`,
      );
      const files = listOutputFiles(dir);
      expect([...files].sort()).toEqual(['blog/index.html', 'sitemap-0.xml', 'sitemap-index.xml']);
      expect(readSitemaps(dir, files)).toEqual({
        urls: [`${SITE}blog/?a=1&b=2`],
        languageLinks: [],
        fileOf: new Map([[`${SITE}blog/?a=1&b=2`, 'sitemap-0.xml']]),
      });
      expect(readSitemaps(dir, new Set(['blog/index.html']))).toBeNull();
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });

  it('counts linked folders and files as what they lead to, entering each folder once', () => {
    const root = mkdtempSync(join(tmpdir(), 'audit-linked-'));
    try {
      const dir = join(root, 'dist');
      mkdirSync(join(dir, 'sub'), { recursive: true });
      mkdirSync(join(root, 'shared'));
      writeFileSync(join(root, 'shared', 'logo.png'), '');
      writeFileSync(join(dir, 'sub', 'page.html'), '');
      // An images folder and a file linked into the output are served; links back up must not loop.
      symlinkSync(join(root, 'shared'), join(dir, 'images'));
      symlinkSync(join(root, 'shared', 'logo.png'), join(dir, 'favicon.png'));
      symlinkSync('.', join(dir, 'self'));
      symlinkSync('..', join(dir, 'sub', 'up'));
      symlinkSync(join(root, 'gone'), join(dir, 'broken'));
      expect([...listOutputFiles(dir)].sort()).toEqual(['favicon.png', 'images/logo.png', 'sub/page.html']);
    } finally {
      rmSync(root, { recursive: true, force: true });
    }
  });
});
