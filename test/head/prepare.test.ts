import { describe, expect, test } from 'vitest';
import {
  type HeadData,
  type MetaTags,
  prepareHeadData,
  renderHeadTags,
  type SocialTags,
} from '../../src/head/index.ts';

const CMS = { cmsOrigin: 'https://cms.example.com', siteOrigin: 'https://www.example.com' };

function meta(fields: Partial<MetaTags> = {}): MetaTags {
  return {
    url: 'https://cms.example.com/a/',
    title: null,
    description: null,
    robots: null,
    canonical: null,
    keywords: null,
    ...fields,
  };
}

function social(
  og: Partial<SocialTags['og']> = {},
  twitter: Partial<SocialTags['twitter']> = {},
): SocialTags {
  return {
    url: 'https://cms.example.com/a/',
    og: {
      title: null,
      description: null,
      image: null,
      image_alt: null,
      type: null,
      url: null,
      site_name: null,
      locale: null,
      ...og,
    },
    twitter: {
      card: null,
      title: null,
      description: null,
      image: null,
      image_alt: null,
      site: null,
      creator: null,
      ...twitter,
    },
  };
}

describe('prepareHeadData: URLs', () => {
  const data: HeadData = {
    schemas: [
      {
        '@context': 'https://schema.org',
        '@type': 'Article',
        url: 'https://cms.example.com/blog/hello/?utm=1#top',
        mainEntityOfPage: { '@id': 'http://CMS.example.com:80/blog/hello/' },
        image: 'https://cms.example.com/wp-content/uploads/a.jpg',
        sameAs: [
          'https://twitter.com/x',
          'https://cms.example.com.evil.net/a',
          'see https://cms.example.com/b',
        ],
        'https://cms.example.com/key': 'keys stay',
      },
    ],
    meta: meta({ canonical: 'https://cms.example.com/blog/hello/' }),
    social: social({ url: 'https://cms.example.com/blog/hello/', image: 'https://cms.example.com/og.png' }),
  };

  test('moves CMS-origin URLs to the site, keeps media, other hosts and keys, and does not change the input', () => {
    const before = structuredClone(data);
    const out = prepareHeadData(data, CMS);
    expect(out.schemas[0]).toEqual({
      '@context': 'https://schema.org',
      '@type': 'Article',
      url: 'https://www.example.com/blog/hello/?utm=1#top',
      mainEntityOfPage: { '@id': 'https://www.example.com/blog/hello/' },
      image: 'https://cms.example.com/wp-content/uploads/a.jpg',
      sameAs: [
        'https://twitter.com/x',
        'https://cms.example.com.evil.net/a',
        'see https://cms.example.com/b',
      ],
      'https://cms.example.com/key': 'keys stay',
    });
    expect(out.meta?.canonical).toBe('https://www.example.com/blog/hello/');
    expect(out.social?.og.url).toBe('https://www.example.com/blog/hello/');
    // og:image is media: it is not moved whatever its path.
    expect(out.social?.og.image).toBe('https://cms.example.com/og.png');
    expect(data).toEqual(before);
    expect(out.warnings).toEqual([]);
  });

  test('keepPathPrefixes replaces the default, and rewriteUrls: false turns rewriting off', () => {
    const custom = prepareHeadData(data, { ...CMS, keepPathPrefixes: ['/blog/'] });
    expect((custom.schemas[0] as { url: string }).url).toBe('https://cms.example.com/blog/hello/?utm=1#top');
    expect((custom.schemas[0] as { image: string }).image).toBe(
      'https://www.example.com/wp-content/uploads/a.jpg',
    );
    const off = prepareHeadData(data, { ...CMS, rewriteUrls: false });
    expect(off.schemas).toEqual(data.schemas);
    expect(off.meta?.canonical).toBe('https://cms.example.com/blog/hello/');
  });

  test('a site origin with a base path or trailing slash is used as given', () => {
    const out = prepareHeadData(data, { ...CMS, siteOrigin: 'https://example.com/docs/' });
    expect(out.meta?.canonical).toBe('https://example.com/docs/blog/hello/');
  });

  test("a canonical or og:url naming the page with WordPress's trailing slash is written with the slash served", () => {
    // astro-pure's template serves /blog/hello (trailingSlash: 'never'); WordPress stores and canonicalises /blog/hello/.
    const pageUrl = 'https://www.example.com/blog/hello';
    const out = prepareHeadData(data, { ...CMS, pageUrl, trailingSlash: 'never' });
    expect(out.meta?.canonical).toBe(pageUrl);
    expect(out.social?.og.url).toBe(pageUrl);
    // And the other way round ('always'), keeping the CMS's letters: at request time the page's address is
    // the visitor's spelling, never the canonical.
    const served = prepareHeadData(
      { schemas: [], meta: meta({ canonical: 'https://www.example.com/Blog/Hello' }), social: null },
      { ...CMS, pageUrl: 'https://www.example.com/blog/hello/', trailingSlash: 'always' },
    );
    expect(served.meta?.canonical).toBe('https://www.example.com/Blog/Hello/');
    expect(served.social?.og.url).toBe('https://www.example.com/Blog/Hello/');
    // Under 'ignore' both spellings are served: the CMS's choice is the canonical.
    const either = prepareHeadData(data, { ...CMS, pageUrl, trailingSlash: 'ignore' });
    expect(either.meta?.canonical).toBe('https://www.example.com/blog/hello/');
    // Another page, a query or a fragment is what the CMS says it is.
    for (const canonical of [
      'https://www.example.com/blog/other/',
      'https://www.example.com/blog/hello/?page=2',
      'https://www.example.com/blog/hello/#top',
      'https://other.example.org/blog/hello/',
    ]) {
      const kept = prepareHeadData(
        { schemas: [], meta: meta({ canonical }), social: null },
        { ...CMS, pageUrl, trailingSlash: 'never' },
      );
      expect(kept.meta?.canonical).toBe(canonical);
    }
  });

  test('a hand-built meta or social object may leave fields out; a wrong value is named by its path', () => {
    // From JavaScript: only the fields a site sets, as a user writes them by hand.
    const handBuilt = {
      schemas: [{ '@type': 'WebPage', name: '{{meta_title}}' }],
      meta: { title: 'Hand built' },
      social: { og: { title: '{{meta_title}}' }, twitter: {} },
    } as unknown as HeadData;
    const prepared = prepareHeadData(handBuilt);
    expect(prepared.schemas).toEqual([{ '@type': 'WebPage', name: 'Hand built' }]);
    expect(prepared.social?.og.title).toBe('Hand built');
    expect(renderHeadTags(prepared).map((tag) => tag.key)).toEqual([
      'title',
      'property:og:title',
      'jsonld:0',
    ]);
    expect(renderHeadTags({ schemas: [], meta: null, social: { twitter: {} } } as never)).toEqual([]);
    const wrong = (given: unknown) => () => prepareHeadData(given as HeadData);
    expect(wrong(null)).toThrow(
      new TypeError('prepareHeadData: expected head data ({ schemas, meta, social }); got null.'),
    );
    expect(wrong({ schemas: {} })).toThrow(
      /^prepareHeadData: schemas must be an array of JSON-LD documents; got an object\.$/,
    );
    expect(wrong({ schemas: [], meta: { title: 7 } })).toThrow(
      /meta\.title must be a string or null; got number 7/,
    );
    expect(wrong({ schemas: [], social: { og: [] } })).toThrow(/social\.og must be an object; got an array/);
    expect(() =>
      renderHeadTags({ schemas: [], meta: null, social: { twitter: { card: true } } } as never),
    ).toThrow(/^renderHeadTags: social\.twitter\.card must be a string or null; got boolean true\.$/);
  });

  test('a bad origin is an error that names the option', () => {
    expect(() => prepareHeadData(data, { ...CMS, cmsOrigin: 'cms.example.com' })).toThrow(
      /cmsOrigin "cms\.example\.com" is not an absolute URL/,
    );
  });

  test('walks very deep documents without recursion and keeps a "__proto__" key as data', () => {
    let deep: unknown = 'https://cms.example.com/leaf';
    for (let i = 0; i < 20_000; i++) deep = { n: deep };
    const out = prepareHeadData(
      {
        schemas: [deep, JSON.parse('{"__proto__":{"u":"https://cms.example.com/p"}}')],
        meta: null,
        social: null,
      },
      CMS,
    );
    let node = out.schemas[0] as { n: unknown };
    for (let i = 0; i < 20_000; i++) node = node.n as { n: unknown };
    expect(node).toBe('https://www.example.com/leaf');
    const proto = out.schemas[1] as Record<string, unknown>;
    expect(Object.getPrototypeOf(proto)).toBe(Object.prototype);
    expect(Object.hasOwn(proto, '__proto__')).toBe(true);
    expect(JSON.stringify(proto)).toBe('{"__proto__":{"u":"https://www.example.com/p"}}');
  });
});

describe('prepareHeadData: placeholders', () => {
  test('fills {{meta_title}} and {{meta_description}} in JSON-LD strings and og/twitter texts', () => {
    const out = prepareHeadData(
      {
        schemas: [
          {
            headline: '{{meta_title}}',
            description: 'About: {{ meta_description }}',
            list: ['{{meta_title}} | Site'],
          },
        ],
        meta: meta({ title: 'Hello $& world', description: 'Desc' }),
        social: social(
          { title: '{{meta_title}}', description: '{{meta_description}}' },
          { title: '{{meta_title}}', description: 'x' },
        ),
      },
      {},
    );
    expect(out.schemas[0]).toEqual({
      headline: 'Hello $& world',
      description: 'About: Desc',
      list: ['Hello $& world | Site'],
    });
    expect(out.social?.og.title).toBe('Hello $& world');
    expect(out.social?.og.description).toBe('Desc');
    expect(out.social?.twitter.title).toBe('Hello $& world');
    expect(out.warnings).toEqual([]);
  });

  test('leaves a placeholder it cannot fill and warns once per place', () => {
    const out = prepareHeadData(
      { schemas: [{ a: '{{meta_title}}', b: '{{meta_title}}' }], meta: meta({ title: '  ' }), social: null },
      {},
    );
    expect(out.schemas[0]).toEqual({ a: '{{meta_title}}', b: '{{meta_title}}' });
    expect(out.warnings).toHaveLength(1);
    expect(out.warnings[0]).toMatchObject({ code: 'unfilled-placeholder', key: 'jsonld:0' });
    expect(
      prepareHeadData({ schemas: [{ a: '{{meta_description}}' }], meta: meta({}), social: null }, {})
        .warnings[0]?.message,
    ).toMatch(/the page's meta has no description; it was left as is\. Set it in the CMS/);
    // Without meta the CMS may well hold a description: the credentials may not read it.
    expect(
      prepareHeadData({ schemas: [{ a: '{{meta_description}}' }], meta: null, social: null }, {}).warnings[0]
        ?.message,
    ).toBe(
      'jsonld:0 uses {{meta_description}} but the page has no meta to fill it from (none for this URL in the CMS, or the credentials may not read meta); it was left as is.',
    );
  });
});

describe('social tags the API leaves empty', () => {
  const data = (s: SocialTags | null): HeadData => ({
    schemas: [],
    meta: meta({
      title: 'API title',
      description: 'API description',
      canonical: 'https://cms.example.com/a/',
    }),
    social: s,
  });

  test('take the meta title, description and canonical (moved to the site), and twitter takes the og values', () => {
    const prepared = prepareHeadData(
      data(social({ image: 'https://cms.example.com/wp-content/a.png', image_alt: 'A' })),
      CMS,
    );
    expect(prepared.social?.og).toMatchObject({
      title: 'API title',
      description: 'API description',
      url: 'https://www.example.com/a/',
      image: 'https://cms.example.com/wp-content/a.png',
    });
    expect(prepared.social?.twitter).toMatchObject({
      title: 'API title',
      description: 'API description',
      image: 'https://cms.example.com/wp-content/a.png',
      image_alt: 'A',
    });
  });

  test('come from meta even when the API has no social record, and keep what the API set', () => {
    expect(prepareHeadData(data(null), CMS).social?.og.title).toBe('API title');
    const kept = prepareHeadData(
      data(social({ title: 'Social title' }, { description: 'Tweet text' })),
      CMS,
    ).social;
    expect(kept?.og.title).toBe('Social title');
    expect(kept?.twitter.title).toBe('Social title');
    expect(kept?.twitter.description).toBe('Tweet text');
  });

  test('twitter takes the og values without meta too: no meta record gives the head a /meta of nulls gives', () => {
    const onlySocial = social({ title: 'OG title', image: 'https://cms.example.com/wp-content/a.png' });
    const withoutMeta = prepareHeadData({ schemas: [], meta: null, social: onlySocial }, CMS).social;
    const withNullMeta = prepareHeadData(
      { schemas: [], meta: meta({ title: null, description: null, canonical: null }), social: onlySocial },
      CMS,
    ).social;
    expect(withoutMeta?.twitter).toMatchObject({
      title: 'OG title',
      image: 'https://cms.example.com/wp-content/a.png',
    });
    expect(withoutMeta).toEqual(withNullMeta);
  });

  test('stay empty with socialFallback: false, and nothing is invented without meta', () => {
    expect(prepareHeadData(data(null), { ...CMS, socialFallback: false }).social).toBeNull();
    expect(prepareHeadData({ schemas: [], meta: null, social: null }, CMS).social).toBeNull();
  });
});

describe('prepareHeadData: character references in CMS text', () => {
  test('meta and social values are HTML text as WordPress keeps them: each reference is decoded once', () => {
    const prepared = prepareHeadData(
      {
        schemas: [{ '@type': 'WebPage', name: 'Q&amp;A', headline: '{{meta_title}}' }],
        // wptexturize's curly quote, an esc_html'd ampersand, esc_url's &#038;, and text that is not a reference.
        meta: meta({ title: 'Tom&#8217;s &amp; Jerry&#x27;s', description: 'AT&T &notit &copy 5 &lt; 6' }),
        social: social(
          { image: 'https://cms.example.com/wp-content/a.jpg?w=1&#038;h=2', site_name: 'Caf&eacute;' },
          { title: '&quot;Quoted&quot;' },
        ),
      },
      CMS,
    );
    expect(prepared.meta?.title).toBe("Tom’s & Jerry's");
    expect(prepared.meta?.description).toBe('AT&T &notit &copy 5 < 6');
    expect(prepared.social?.og.image).toBe('https://cms.example.com/wp-content/a.jpg?w=1&h=2');
    expect(prepared.social?.og.site_name).toBe('Café');
    expect(prepared.social?.twitter.title).toBe('"Quoted"');
    // JSON-LD strings are text to every reader of JSON-LD: left as they are; a placeholder takes the decoded title.
    expect(prepared.schemas).toEqual([{ '@type': 'WebPage', name: 'Q&amp;A', headline: "Tom’s & Jerry's" }]);
  });

  test('rendered, a title shows what WordPress shows: no reference escaped twice', () => {
    const tags = renderHeadTags(
      prepareHeadData({ schemas: [], meta: meta({ title: 'Tom&#8217;s &amp; more' }), social: null }, CMS),
    );
    expect(tags.find((tag) => tag.key === 'title')?.html).toBe(
      '<title data-schema-manager>Tom’s &amp; more</title>',
    );
  });
});

test('a schema record from the client in place of its document is refused, naming where and what to pass', () => {
  const record = {
    id: 3,
    url: 'https://cms.example.com/a/',
    schema_type: 'Article',
    schema_data: '{"@context":"https://schema.org","@type":"Article"}',
    data: { '@context': 'https://schema.org', '@type': 'Article' },
  };
  expect(() => prepareHeadData({ schemas: [record.data, record], meta: null, social: null })).toThrow(
    /schemas\[1\] is a schema record from the client.*record\.data/,
  );
  expect(prepareHeadData({ schemas: [record.data], meta: null, social: null }).schemas).toEqual([
    record.data,
  ]);
});
