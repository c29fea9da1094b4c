import { expect, test } from 'vitest';
import { foldMissingFields, validateJsonLd, validatePage } from '../../src/validate/index.ts';

const google = { rules: ['schema.org', 'google'] as Array<'schema.org' | 'google'> };

test('a missing property is one finding, not one per nested entry that needs it', () => {
  const { issues } = validateJsonLd(
    { '@context': 'https://schema.org', '@type': 'Article', headline: 'x' },
    google,
  );
  const author = issues.filter((issue) => issue.path === '$.author');
  expect(author).toHaveLength(1);
  expect(author[0]?.message).toContain('"author"');
});

test('two rich results needing the same property report it once', () => {
  const { issues } = validateJsonLd(
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      offers: { '@type': 'Offer', price: 5, priceCurrency: 'USD' },
    },
    google,
  );
  expect(
    issues.filter((issue) => issue.code === 'google-missing-required' && issue.path === '$.name'),
  ).toHaveLength(1);
  expect(issues.some((issue) => issue.code === 'google-missing-required' && issue.path === '$.image')).toBe(
    true,
  );
});

test("a LocalBusiness is held to Google's LocalBusiness guidelines, not the Organization ones", () => {
  const store = {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: 'Shop',
    address: { '@type': 'PostalAddress', streetAddress: '1 Main St', addressLocality: 'Town' },
  };
  const rules = validateJsonLd(store, google).issues.map((issue) => issue.rule);
  expect(rules).toContain('google:local-business');
  expect(rules).not.toContain('google:organization');
});

test('a required property written but empty is said to be empty', () => {
  const { issues } = validateJsonLd(
    { '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] },
    google,
  );
  expect(issues.map((issue) => `${issue.code} ${issue.path} ${issue.message.split(' See ')[0]}`)).toEqual([
    `google-missing-required $.itemListElement Google's Breadcrumb rich result requires "itemListElement", given here empty.`,
  ]);
});

test('a name missing under a property given as text says the text is the cause, and the node to write', () => {
  const { issues } = validateJsonLd(
    {
      '@context': 'https://schema.org',
      '@type': 'Product',
      name: 'Widget',
      brand: 'Acme',
      offers: { '@type': 'Offer', price: '10.00', priceCurrency: 'USD' },
      review: { '@type': 'Review', author: ['Ann'], reviewRating: { '@type': 'Rating', ratingValue: 4 } },
    },
    google,
  );
  const said = (path: string) =>
    issues.filter((issue) => issue.path === path).map((issue) => issue.message.split(' See ')[0]);
  // As Search Console names them (Missing field "author.name"), with why: a reader sees a name and looks no further.
  expect(said('$.brand.name')).toEqual([
    `Google's Merchant listing rich result recommends "brand.name"; "brand" is given as text ("Acme"): write it as a Brand or Organization node, with "name": "Acme".`,
  ]);
  expect(said('$.review.author[0].name')).toEqual([
    `Google's Review snippet rich result requires "author.name"; "author" is given as text ("Ann"): write it as an Organization or Person node, with "name": "Ann".`,
  ]);
});

test('a missing step under a number says what was found; one under a missing node says nothing of text', () => {
  const { issues } = validateJsonLd(
    { '@context': 'https://schema.org', '@type': 'Article', headline: 'x', author: 7 },
    google,
  );
  const messages = issues.map((issue) => `${issue.path} ${issue.message.split(' See ')[0]}`);
  expect(messages).toContain(
    `$.author.url Google's Article rich result recommends "author.url" or "author.sameAs"; "author" is given as 7: write it as an Organization or Person node.`,
  );
  const { issues: none } = validateJsonLd(
    { '@context': 'https://schema.org', '@type': 'Article', headline: 'x' },
    google,
  );
  expect(none.filter((issue) => issue.message.includes('given as'))).toEqual([]);
});

test('a long text is shown cut by characters, never inside a character', () => {
  const author = `${'a'.repeat(55)}😀😀 and more`;
  const { issues } = validateJsonLd(
    { '@context': 'https://schema.org', '@type': 'Article', headline: 'x', author },
    google,
  );
  const message = issues.find((issue) => issue.path === '$.author.name')?.message ?? '';
  expect(message).toContain(`"author" is given as text ("${'a'.repeat(55)}😀…")`);
  expect(message.isWellFormed()).toBe(true);
});

test("a node's absent fields of a rich result fold into one finding at the node; a field said with more stays apart", () => {
  const product = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: 'Trail Runner',
    brand: 'Acme',
    offers: { '@type': 'Offer', price: '129.00', priceCurrency: 'EUR' },
  };
  const { issues } = validateJsonLd(product, google);
  // The validator says each field, as Google's Rich Results Test lists them.
  const recommended = issues.filter((issue) => issue.code === 'google-missing-recommended');
  expect(recommended.map((issue) => issue.path)).toEqual([
    '$.description',
    '$.brand.name',
    '$.sku',
    '$.gtin',
    '$.aggregateRating',
    '$.review',
    '$.offers.availability',
  ]);
  expect(recommended.find((issue) => issue.path === '$.gtin')?.missingField).toEqual({
    property: 'gtin',
    names: ['gtin', 'gtin8', 'gtin12', 'gtin13', 'gtin14', 'isbn', 'mpn'],
  });
  // Given as text: the finding says more than "absent", so it is no field to fold.
  expect(recommended.find((issue) => issue.path === '$.brand.name')?.missingField).toBeUndefined();

  const folded = foldMissingFields(issues, () => '');
  const source = 'See https://developers.google.com/search/docs/appearance/structured-data/merchant-listing';
  expect(folded.map((issue) => `${issue.severity} ${issue.path} ${issue.message}`)).toEqual([
    `error $.image Google's Merchant listing rich result requires "image". ${source}`,
    `warning $ Google's Merchant listing rich result recommends "description", "sku", "gtin" (or "gtin8", "gtin12", "gtin13", "gtin14", "isbn", "mpn"), "aggregateRating", and "review". ${source}`,
    expect.stringMatching(/^warning \$\.brand\.name .*"brand" is given as text \("Acme"\)/),
    `warning $.offers.availability Google's Merchant listing rich result recommends "availability". ${source}`,
  ]);
  expect(folded[1]).not.toHaveProperty('missingField');
});

test('absent fields fold only within one place: two documents keep their own', () => {
  const event = { '@context': 'https://schema.org', '@type': 'Event', name: 'Launch' };
  const issues = [0, 1].flatMap((document) =>
    validateJsonLd(event, google).issues.map((issue) => ({ ...issue, document })),
  );
  const required = foldMissingFields(issues, (issue) => String(issue.document)).filter(
    (issue) => issue.code === 'google-missing-required',
  );
  expect(required.map((issue) => [issue.document, issue.path, issue.message.split(' See ')[0]])).toEqual([
    [0, '$', `Google's Event rich result requires "startDate" and "location".`],
    [1, '$', `Google's Event rich result requires "startDate" and "location".`],
  ]);
});

test("variants written beside their ProductGroup (isVariantOf) are read as the group's, as nested ones are", () => {
  // Google's "variants separate from the ProductGroup" example, cut down: brand and description stand on the
  // group, which each variant names; a variant is held to its own name, image and offer.
  const context = 'https://schema.org';
  const group = {
    '@context': context,
    '@type': 'ProductGroup',
    '@id': '#coat_parent',
    name: 'Wool winter coat',
    description: 'Wool coat, new for the coming winter season',
    url: 'https://www.example.com/coat',
    brand: { '@type': 'Brand', name: 'Good brand' },
    productGroupID: '44E01',
    variesBy: ['https://schema.org/size', 'https://schema.org/color'],
  };
  const variant = (name: string, extra: Record<string, unknown> = {}) => ({
    '@context': context,
    '@type': 'Product',
    isVariantOf: { '@id': '#coat_parent' },
    name,
    image: `https://www.example.com/${name}.jpg`,
    offers: {
      '@type': 'Offer',
      price: 39.99,
      priceCurrency: 'USD',
      availability: 'https://schema.org/InStock',
    },
    ...extra,
  });
  const google = (results: ReturnType<typeof validatePage>) =>
    results.flatMap((result) => result.issues).filter((issue) => issue.rule?.startsWith('google'));
  expect(
    google(validatePage([group, variant('small-green'), variant('large-blue')], { rules: ['google'] })),
  ).toEqual([]);
  // A variant without its image is still told; the group's own rules still apply to the group.
  const { image: _, ...imageless } = variant('no-image');
  const { name: __, ...nameless } = group;
  const issues = google(validatePage([nameless, imageless], { rules: ['google'] }));
  expect(issues.map((issue) => [issue.rule, issue.path, issue.code])).toEqual([
    ['google:product-variants', '$.name', 'google-missing-required'],
    ['google:product-variants', '$.image', 'google-missing-required'],
  ]);
  // Without a variant naming it, the group is still asked for its variants.
  const alone = google(validatePage([group], { rules: ['google'] }));
  expect(alone.map((issue) => issue.message)).toEqual([
    expect.stringContaining('recommends "hasVariant" (or "isVariantOf" naming it).'),
  ]);
});

test("a vacation rental's photos, coordinates and guests are held to Google's minimums", () => {
  const rental = {
    '@context': 'https://schema.org',
    '@type': 'VacationRental',
    name: 'Beach house',
    identifier: 'bh-1',
    image: ['a', 'b', 'c'].map((name) => `https://www.example.com/${name}.jpg`),
    latitude: 42.1,
    longitude: '-71.12345',
    containsPlace: { '@type': 'Accommodation', occupancy: { '@type': 'QuantitativeValue' } },
  };
  const issues = validateJsonLd(rental, google).issues.filter((issue) => issue.severity === 'error');
  expect(issues.map((issue) => [issue.path, issue.message.replace(/ See https:.*/, '')])).toEqual([
    [
      '$.containsPlace.occupancy.value',
      'Google\'s Vacation rental rich result requires "containsPlace.occupancy.value".',
    ],
    ['$.image', 'Google\'s Vacation rental rich result requires at least 8 "image" values; found 3.'],
    [
      '$.latitude',
      'Google\'s Vacation rental rich result needs "latitude" as a number with at least 5 decimal places ("37.42242"); found 42.1.',
    ],
  ]);
  const complete = {
    ...rental,
    image: [...'abcdefgh'].map((name) => `https://www.example.com/${name}.jpg`),
    latitude: 42.12345,
    containsPlace: { '@type': 'Accommodation', occupancy: { '@type': 'QuantitativeValue', value: 4 } },
  };
  expect(validateJsonLd(complete, google).issues.filter((issue) => issue.severity === 'error')).toEqual([]);
});

test('a node named by reference many times is followed once along a rule path, not once per way to it', () => {
  // 300 references at each step of jobLocation.address.addressCountry: followed per reference, that was
  // 300^3 values (10 KB of JSON-LD that filled 4 GB and aborted the process).
  const n = 300;
  const refs = (id: string) => Array.from({ length: n }, () => ({ '@id': id }));
  const document = {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'JobPosting', title: 'Job', jobLocation: refs('#p') },
      { '@type': 'Place', '@id': '#p', address: refs('#a') },
      {
        '@type': 'PostalAddress',
        '@id': '#a',
        addressCountry: Array.from({ length: n }, (_, i) => `Country ${i}`),
      },
    ],
  };
  const { issues } = validateJsonLd(document, google);
  const countries = issues.filter((issue) => issue.path.includes('addressCountry'));
  // Each value said once, at the first way to it.
  expect(countries).toHaveLength(n);
  expect(countries[0]?.path).toBe('$["@graph"][0].jobLocation[0].address[0].addressCountry[0]');
});

test('a @type with a colon and no prefix the @context defines is a mistake, not another vocabulary', () => {
  const typeIssues = (type: string, context: unknown = 'https://schema.org') =>
    validateJsonLd({ '@context': context, '@type': type, name: 'A' }).issues.filter(
      (issue) => issue.path === '$["@type"]',
    );
  for (const [type, meant] of [
    ['Product: Running shoe', 'Product'],
    ['Artcle:x', 'Article'],
    ['http:Article', 'Article'],
  ] as const) {
    const [issue, ...rest] = typeIssues(type);
    expect(rest).toEqual([]);
    expect(issue).toMatchObject({ code: 'unknown-type', severity: 'error' });
    expect(issue?.message).toContain(`is no prefix the @context defines`);
    expect(issue?.message).toContain(`Did you mean "${meant}"?`);
  }
  // Another vocabulary's type, as an IRI or under a prefix the document defines: not Schema.org's to judge.
  expect(typeIssues('https://purl.org/goodrelations/v1#Offering')).toEqual([]);
  expect(
    typeIssues('gr:Offering', ['https://schema.org', { gr: 'http://purl.org/goodrelations/v1#' }]),
  ).toEqual([]);
  // A term of the document's own context, with no colon at all.
  expect(
    typeIssues('MyType', ['https://schema.org', { MyType: 'https://example.com/vocab#MyType' }]),
  ).toEqual([]);
});

test("a local business's coordinates under 5 decimal places are a recommendation, not an error", () => {
  const business = (latitude: number | string) => ({
    '@context': 'https://schema.org',
    '@type': 'Restaurant',
    name: 'Luigi',
    address: { '@type': 'PostalAddress', streetAddress: '1 Main St', addressLocality: 'Town' },
    geo: { '@type': 'GeoCoordinates', latitude, longitude: -73.97622 },
  });
  const geo = (latitude: number | string) =>
    validateJsonLd(business(latitude), google).issues.filter((issue) => issue.path.startsWith('$.geo'));
  expect(geo(40.7614)).toEqual([
    expect.objectContaining({
      severity: 'warning',
      code: 'google-missing-recommended',
      path: '$.geo.latitude',
      message: expect.stringContaining(
        'recommends "geo.latitude" as a number with at least 5 decimal places ("37.42242"); found 40.7614.',
      ),
    }),
  ]);
  expect(geo(40.76142)).toEqual([]);
  expect(geo('40.761420')).toEqual([]);
});

test('a field missing under a reference to no node of the page names the reference as the cause', () => {
  const { issues } = validateJsonLd(
    {
      '@context': 'https://schema.org',
      '@type': 'Article',
      headline: 'x',
      image: 'https://example.com/x.jpg',
      datePublished: '2026-01-01',
      dateModified: '2026-01-01',
      author: { '@id': '#ann' },
    },
    google,
  );
  const messages = issues.map((issue) => `${issue.code} ${issue.path} ${issue.message.split(' See ')[0]}`);
  expect(messages).toEqual([
    'unresolved-id $.author "@id" "#ann" is not defined in this document; define that node here or write the value inline.',
    'google-missing-recommended $.author.name Google\'s Article rich result recommends "author.name"; "author" names "#ann" by @id, and no node of this page has that @id: add the node, or write it here.',
    'google-missing-recommended $.author.url Google\'s Article rich result recommends "author.url" or "author.sameAs"; "author" names "#ann" by @id, and no node of this page has that @id: add the node, or write it here.',
  ]);
  // Defined elsewhere in the page, the reference is followed and nothing is said of it.
  const defined = validateJsonLd(
    {
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'Article', headline: 'x', author: { '@id': '#ann' } },
        { '@type': 'Person', '@id': '#ann', name: 'Ann', url: 'https://example.com/ann' },
      ],
    },
    google,
  );
  expect(defined.issues.filter((issue) => issue.message.includes('by @id'))).toEqual([]);
});

test('a node written in parts with one @id is one node: Yoast names the author by name and @id, the Person holds its url', () => {
  const article = (author: Record<string, unknown>) =>
    validateJsonLd(
      {
        '@context': 'https://schema.org',
        '@graph': [
          {
            '@type': 'Article',
            '@id': 'https://wp.example/hello/#article',
            headline: 'Hello',
            image: 'https://wp.example/hello.jpg',
            datePublished: '2026-01-05T10:00:00+00:00',
            author,
          },
          {
            '@type': 'Person',
            '@id': 'https://wp.example/#/schema/person/1',
            name: 'admin',
            url: 'https://wp.example/author/admin/',
          },
        ],
      },
      google,
    ).issues.filter((issue) => issue.path.includes('author'));
  expect(article({ name: 'admin', '@id': 'https://wp.example/#/schema/person/1' })).toEqual([]);
  // The part's own properties count too: the Person need not repeat them.
  expect(article({ '@id': 'https://wp.example/#/schema/person/1' })).toEqual([]);
  // A part with no other part is the node as written.
  expect(
    article({ name: 'admin', '@id': 'https://wp.example/#/schema/person/2' }).map((i) => i.path),
  ).toEqual(['$["@graph"][0].author.url']);
});
