import { expect, test } from 'vitest';
import {
  endpointPatterns,
  isExcluded,
  listBuiltPages,
  outputFileFor,
  pageUrlFor,
  pathBeforeRewrite,
  type RouteInfo,
  requestedPage,
  type SiteLayout,
  urlOfOutputFile,
} from '../../src/integration/pages.ts';
import { urlVariants } from '../../src/url-forms.ts';

const layout = (overrides: Partial<SiteLayout> = {}): SiteLayout => ({
  site: 'https://www.example.com',
  base: '/',
  format: 'directory',
  trailingSlash: 'ignore',
  fallbackType: null,
  ...overrides,
});

const route = (
  pattern: string,
  regex: RegExp,
  type = 'page',
  entrypoint = `src/pages${pattern}.astro`,
): RouteInfo => ({
  pattern,
  patternRegex: regex,
  type,
  origin: 'project',
  isPrerendered: true,
  entrypoint,
  fallbackRoutes: [],
});

test('output files follow build.format, with 404 and 500 as flat files', () => {
  expect(outputFileFor('', 'directory', true)).toBe('index.html');
  expect(outputFileFor('blog/hello/', 'directory', false)).toBe('blog/hello/index.html');
  expect(outputFileFor('404/', 'directory', false)).toBe('404.html');
  expect(outputFileFor('500', 'directory', false)).toBe('500.html');
  expect(outputFileFor('blog/hello', 'file', false)).toBe('blog/hello.html');
  expect(outputFileFor('blog', 'preserve', true)).toBe('blog/index.html');
  expect(outputFileFor('blog/hello', 'preserve', false)).toBe('blog/hello.html');
});

test('an output file is named by the URL Astro serves it at, as outputFileFor writes it', () => {
  expect(urlOfOutputFile('blog/hello/index.html', layout({ trailingSlash: 'never' }))).toBe(
    'https://www.example.com/blog/hello',
  );
  expect(urlOfOutputFile('blog/hello/index.html', layout())).toBe('https://www.example.com/blog/hello/');
  expect(urlOfOutputFile('blog/hello.html', layout({ format: 'file' }))).toBe(
    'https://www.example.com/blog/hello',
  );
  expect(urlOfOutputFile('legacy.html/index.html', layout())).toBe('https://www.example.com/legacy.html/');
  expect(urlOfOutputFile('404.html', layout())).toBe('https://www.example.com/404');
  expect(urlOfOutputFile('index.html', layout({ base: '/docs', trailingSlash: 'never' }))).toBe(
    'https://www.example.com/docs',
  );
  for (const format of ['directory', 'file', 'preserve'] as const)
    for (const trailingSlash of ['always', 'never', 'ignore'] as const)
      for (const [pathname, isIndex] of [
        ['blog/hello', false],
        ['blog', true],
      ] as const) {
        const at = layout({ format, trailingSlash });
        expect(urlOfOutputFile(outputFileFor(pathname, format, isIndex), at)).toBe(
          pageUrlFor(pathname, at, isIndex),
        );
      }
});

test('page URLs follow trailingSlash, format and base', () => {
  expect(pageUrlFor('blog/hello/', layout())).toBe('https://www.example.com/blog/hello/');
  expect(pageUrlFor('blog/hello', layout({ format: 'file' }))).toBe('https://www.example.com/blog/hello');
  expect(pageUrlFor('blog/hello', layout({ trailingSlash: 'always', format: 'file' }))).toBe(
    'https://www.example.com/blog/hello/',
  );
  expect(pageUrlFor('blog/hello/', layout({ trailingSlash: 'never' }))).toBe(
    'https://www.example.com/blog/hello',
  );
  expect(pageUrlFor('', layout({ trailingSlash: 'never' }))).toBe('https://www.example.com/');
  expect(pageUrlFor('', layout({ base: '/docs', trailingSlash: 'never' }))).toBe(
    'https://www.example.com/docs',
  );
  expect(pageUrlFor('a/', layout({ base: '/docs/' }))).toBe('https://www.example.com/docs/a/');
  expect(pageUrlFor('404', layout())).toBe('https://www.example.com/404');
  expect(pageUrlFor('blog', layout({ format: 'preserve' }), true)).toBe('https://www.example.com/blog/');
});

test('endpoints and redirects among the pathnames are not pages; i18n fallbacks rendered in place are', () => {
  const routes = [
    route('/api/data.json', /^\/api\/data\.json\/?$/, 'endpoint'),
    route('/old', /^\/old\/?$/, 'redirect'),
    { ...route('/en/about', /^\/en\/about\/?$/), fallbackRoutes: [{ pattern: '/fr/about' }] },
    route('/', /^\/$/, 'page', 'src/pages/index.astro'),
  ];
  const pathnames = ['', 'api/data.json', 'old/', 'en/about/'];
  const files = (fallbackType: SiteLayout['fallbackType']) =>
    listBuiltPages(pathnames, routes, layout({ fallbackType })).map((page) => `${page.file} ${page.url}`);
  expect(files('rewrite')).toEqual([
    'en/about/index.html https://www.example.com/en/about/',
    'fr/about/index.html https://www.example.com/fr/about/',
    'index.html https://www.example.com/',
  ]);
  expect(files('redirect')).toEqual([
    'en/about/index.html https://www.example.com/en/about/',
    'index.html https://www.example.com/',
  ]);
});

test('exclude prefixes match with or without the trailing slash', () => {
  expect(isExcluded('/drafts', ['/drafts/'])).toBe(true);
  expect(isExcluded('/drafts/a/', ['/drafts/'])).toBe(true);
  expect(isExcluded('/draftsman/', ['/drafts/'])).toBe(false);
  expect(isExcluded('/blog/', [])).toBe(false);
});

test('a page is looked up by its URL, then with the other trailing slash', () => {
  expect(urlVariants('https://x.com/a/')).toEqual(['https://x.com/a/', 'https://x.com/a']);
  expect(urlVariants('https://x.com/a?q=1')).toEqual(['https://x.com/a?q=1', 'https://x.com/a/?q=1']);
  expect(urlVariants('https://x.com/')).toEqual(['https://x.com/']);
  // Spelled as given: a decoded or small-hex URL keeps its spelling with the other slash.
  expect(urlVariants('https://x.com/café/')).toEqual(['https://x.com/café/', 'https://x.com/café']);
  expect(urlVariants('https://x.com/caf%c3%a9#top')).toEqual([
    'https://x.com/caf%c3%a9#top',
    'https://x.com/caf%c3%a9/#top',
  ]);
  expect(urlVariants('not a url')).toEqual(['not a url']);
});

test('a page rendered on request is known on its locale’s domain, reached by the domain or by the path', () => {
  const french = 'https://fr.example.com';
  const site = 'https://www.example.com';
  const domains = layout({
    base: '/docs/',
    localeDomains: [{ path: 'french', codes: ['french', 'fr', 'fr-CA'], origin: french }],
  });
  const cases: Array<[string, string | undefined, string, string]> = [
    // astro dev routes by path; a server, by domain.
    ['/docs/french/live', 'fr', french, '/docs/live'],
    ['/docs/french', 'fr-CA', french, '/docs'],
    ['/docs/live', 'french', french, '/docs/live'],
    // A page of another locale, or of none, and a path that only begins like the locale's.
    ['/docs/live', 'en', site, '/docs/live'],
    ['/docs/frenchfries', undefined, site, '/docs/frenchfries'],
    ['/docs/frenchfries', 'fr', french, '/docs/frenchfries'],
  ];
  for (const [pathname, locale, origin, known] of cases)
    expect(requestedPage(pathname, locale, domains), `${pathname} ${locale}`).toEqual({
      origin,
      pathname: known,
    });
});

test("a page a middleware rewrote is known by the path asked for, kept in Astro's originPathname", () => {
  expect(pathBeforeRewrite('/en/about/', '/en/alias/', '/')).toBe('/en/alias/');
  expect(pathBeforeRewrite('/docs/en/about/', '/en/alias/', '/docs')).toBe('/docs/en/alias/');
  // Decoded in originPathname, encoded again as a request's path is: a `%` stays a `%`.
  expect(pathBeforeRewrite('/p/good', '/café/100%', '/')).toBe('/caf%C3%A9/100%25');
  // No rewrite: the request's own spelling, whatever slash or escapes Astro normalised in originPathname.
  expect(pathBeforeRewrite('/docs/caf%c3%a9', '/café/', '/docs')).toBe('/docs/caf%c3%a9');
  expect(pathBeforeRewrite('/docs', '/', '/docs')).toBe('/docs');
  // An Astro without originPathname.
  expect(pathBeforeRewrite('/en/about/', undefined, '/')).toBe('/en/about/');
});

test('the endpoints are named by their patterns, as context.routePattern names the route that answered', () => {
  const routes = [
    route('/feed.html', /^\/feed\.html\/?$/, 'endpoint'),
    route('/about', /^\/about\/?$/),
    route('/api/[id].json', /^\/api\/([^/]+?)\.json\/?$/, 'endpoint'),
  ];
  expect(endpointPatterns(routes)).toEqual(['/feed.html', '/api/[id].json']);
});
