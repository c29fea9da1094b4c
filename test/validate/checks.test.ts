import { describe, expect, it } from 'vitest';
import { extractJsonLd, validateJsonLd } from '../../src/validate/index.ts';
import { literalFits } from '../../src/validate/literals.ts';

const codes = (input: string | object, options?: Parameters<typeof validateJsonLd>[1]) =>
  validateJsonLd(input, options).issues.map((issue) => `${issue.severity} ${issue.code} ${issue.path}`);

describe('parsing', () => {
  it('reports a JSON error with its line and column', () => {
    const [issue] = validateJsonLd('{\n  "@context": "https://schema.org",\n  "@type" "Thing"\n}').issues;
    expect(issue).toMatchObject({
      severity: 'error',
      code: 'json-parse-error',
      path: '$',
      line: 3,
      column: 11,
    });
    expect(issue?.message).toContain('line 3, column 11');
  });
  it('finds the position when V8 gives none', () => {
    expect(validateJsonLd('{"a": tru}').issues[0]).toMatchObject({ line: 1, column: 7 });
  });
  it("says where, not V8's quote of the text around the error, on one line", () => {
    // V8 quotes the text near the error, newlines and all, cut short with "..." in a long document.
    const long = `{\n  "@type": "Thing",\n  "description": "${'x'.repeat(80)}",\n  "sameAs": [}\n}`;
    const [issue] = validateJsonLd(long).issues;
    expect(issue?.message).toBe("Unexpected token '}' at line 4, column 14.");
    expect(validateJsonLd(`x${'y'.repeat(40)}`).issues[0]?.message).toBe(
      "Unexpected token 'x' at line 1, column 1.",
    );
  });
  it('says a comment is what breaks the JSON, as in examples copied from documentation', () => {
    const text = '{\n  "@context": "https://schema.org",\n  // Other properties\n  "@type": "Thing"\n}';
    const [issue] = validateJsonLd(text).issues;
    expect(issue).toMatchObject({ code: 'json-parse-error', line: 3, column: 3 });
    expect(issue?.message).toMatch(
      /a comment, which JSON does not allow \(remove it\) at line 3, column 3\.$/,
    );
  });
  it('says a line break or tab typed inside a string is what breaks it, and how to write it', () => {
    // As Google's shipping-policy example writes its description, over several lines.
    const text = '{\n  "@type": "Thing",\n  "description": "US and Canada:\n  free shipping"\n}';
    const [issue] = validateJsonLd(text).issues;
    expect(issue).toMatchObject({ code: 'json-parse-error', line: 3, column: 33 });
    expect(issue?.message).toContain(
      'a line break inside a string, which JSON does not allow (join the lines, or write it as \\n)',
    );
    expect(validateJsonLd('{"@type": "Thing", "name": "a\tb"}').issues[0]?.message).toContain(
      'a tab inside a string, which JSON does not allow (write it as \\t)',
    );
  });
  it("names what templates do to JSON-LD: escape it for HTML whole, wrap it in <!-- -->, end it at a string's </script>", () => {
    const message = (text: string) => validateJsonLd(text).issues[0]?.message;
    expect(message('{&quot;@context&quot;:&quot;https://schema.org&quot;}')).toMatch(
      /^Expected property name or '\}': "&quot;" where JSON has a quote: the whole JSON-LD was HTML-escaped .* at line 1, column 2\.$/,
    );
    expect(message('<!-- {"@context":"https://schema.org","@type":"Thing"} -->')).toMatch(
      /^Unexpected token '<': an HTML comment, which JSON does not allow \(remove the <!-- --> around the JSON-LD/,
    );
    // What an HTML parser hands on of `{"name": "a </script> b"}`: the script ends at the string's </script>.
    expect(message('{"@context":"https://schema.org","@type":"Thing","name":"a ')).toMatch(
      /^Unterminated string: the text ends inside a string\. In a page, a string holding "<\/script>" ends the script there \(write it as "<\\\/script>"\)/,
    );
    // An empty script (a template with nothing to write) is said to be empty.
    expect(message(' \n ')).toMatch(
      /^Empty: there is no JSON here \(a template or a CMS field with nothing in it\)/,
    );
    // A string left open in the middle of the text is no cut script.
    expect(message('{"name":"a\n, "x": 1}')).not.toMatch(/<\/script>/);
  });
  it('names an invisible character (a byte order mark, a pasted no-break space) by its code point', () => {
    const [bom] = validateJsonLd('\ufeff{"@context":"https://schema.org","@type":"Thing"}').issues;
    expect(bom).toMatchObject({ code: 'json-parse-error', line: 1, column: 1 });
    expect(bom?.message).toMatch(
      /^Unexpected U\+FEFF, a byte order mark, which looks like a space or nothing/,
    );
    const [space] = validateJsonLd('{"@type":\u00a0"Thing"}').issues;
    expect(space).toMatchObject({ line: 1, column: 10 });
    expect(space?.message).toContain('U+00A0, a no-break space');
    // Inside a string it is text, and valid.
    expect(
      validateJsonLd('{"@context":"https://schema.org","@type":"Thing","name":"a\u00a0b"}').issues,
    ).toEqual([]);
  });
});

describe('JSON-LD forms', () => {
  const article = { '@type': 'Article', headline: 'x' };
  it.each([
    'https://schema.org',
    'http://schema.org',
    'https://schema.org/',
    'http://schema.org/',
    { '@vocab': 'https://schema.org/' },
    ['https://schema.org', { ex: 'https://example.com/ns#' }],
  ])('accepts @context %j', (context) => {
    expect(codes({ '@context': context, ...article })).toEqual([]);
  });
  it('reads schema: prefixes and full IRIs for types and properties', () => {
    const doc = {
      '@context': { schema: 'https://schema.org/' },
      '@type': 'schema:Article',
      'schema:headline': 'x',
    };
    expect(codes(doc)).toEqual([]);
    expect(
      codes({
        '@context': 'https://schema.org',
        '@type': 'http://schema.org/Article',
        'https://schema.org/headline': 'x',
      }),
    ).toEqual([]);
  });
  it('treats several types as the union of their properties', () => {
    expect(
      codes({ '@context': 'https://schema.org', '@type': ['Book', 'Product'], isbn: '1', sku: '2' }),
    ).toEqual([]);
    expect(codes({ '@context': 'https://schema.org', '@type': ['Book'], sku: '2' })).toEqual([
      'warning property-not-in-domain $.sku',
    ]);
  });
  it('leaves other vocabularies and locally defined terms alone', () => {
    const doc = {
      '@context': ['https://schema.org', { mine: 'https://example.com/mine' }],
      '@type': 'Thing',
      mine: 1,
      'https://purl.org/dc/terms/title': 'x',
    };
    expect(codes(doc)).toEqual([]);
  });
  it('resolves @id references within the document, and warns on a dangling one', () => {
    const graph = (ref: string) => ({
      '@context': 'https://schema.org',
      '@graph': [
        { '@type': 'WebPage', '@id': '#page', publisher: { '@id': ref } },
        { '@type': 'Organization', '@id': '#org', name: 'x' },
      ],
    });
    expect(codes(graph('#org'))).toEqual([]);
    expect(codes(graph('#nobody'))).toEqual(['warning unresolved-id $["@graph"][0].publisher']);
  });
  it('accepts Role wrappers and checks the wrapped value against the outer property', () => {
    const role = (actor: unknown) => ({
      '@context': 'https://schema.org',
      '@type': 'Movie',
      actor: { '@type': 'PerformanceRole', actor, characterName: 'Gromit' },
    });
    expect(codes(role({ '@type': 'Person', name: 'x' }))).toEqual([]);
    expect(codes(role({ '@type': 'Offer', price: '1' }))).toEqual([
      'warning unexpected-value-type $.actor.actor',
    ]);
  });
  it('accepts text and URLs where a Thing is expected', () => {
    expect(
      codes({
        '@context': 'https://schema.org',
        '@type': 'Article',
        author: 'Jane',
        publisher: 'https://example.com/#org',
      }),
    ).toEqual([]);
  });
  it('accepts enumeration members in every written form', () => {
    for (const availability of [
      'https://schema.org/InStock',
      'http://schema.org/InStock',
      'schema:InStock',
      'InStock',
    ]) {
      expect(codes({ '@context': 'https://schema.org', '@type': 'Offer', availability })).toEqual([]);
    }
    expect(
      codes({
        '@context': 'https://schema.org',
        '@type': 'Offer',
        availability: { '@id': 'https://schema.org/InStok' },
      }),
    ).toEqual(['error unknown-enumeration-member $.availability']);
  });
  it('accepts query-input on a SearchAction', () => {
    const doc = {
      '@context': 'https://schema.org',
      '@type': 'SearchAction',
      target: 'https://e.com/?q={q}',
      'query-input': 'required name=q',
    };
    expect(codes(doc)).toEqual([]);
  });
  it('validates every document of an array and nested @context', () => {
    expect(codes([{ '@context': 'https://schema.org', '@type': 'Thing' }, { '@type': 'Thing' }])).toEqual([
      'error missing-context $[1]',
    ]);
  });
});

describe('options', () => {
  const doc = { '@context': 'https://example.org/ctx', '@type': 'Thing' };
  it('handles an unknown context as asked', () => {
    expect(codes(doc)).toEqual(['warning unknown-context $']);
    expect(codes(doc, { unknownContext: 'error' })).toEqual(['error unknown-context $']);
    expect(codes(doc, { unknownContext: 'ignore' })).toEqual([]);
  });
  it('refuses what it would otherwise ignore: an unknown option, a rule set, a severity, a code in underscores', () => {
    const doc = { '@context': 'https://schema.org', '@type': 'Thing' };
    // @ts-expect-error: as JavaScript may pass them.
    expect(() => validateJsonLd(doc, { rule: ['google'] })).toThrow(
      'validate options: "rule" is not an option; did you mean "rules"?',
    );
    // @ts-expect-error
    expect(() => validateJsonLd(doc, { rules: ['Google'] })).toThrow('rules holds "Google"');
    // @ts-expect-error: a string was read letter by letter ("rules holds \"g\"").
    expect(() => validateJsonLd(doc, { rules: 'google' })).toThrow(
      'validate options: rules must be an array (rules: ["google"]); got "google".',
    );
    // @ts-expect-error
    expect(() => validateJsonLd(doc, { severity: { 'invalid-value': 'warn' } })).toThrow('got "warn"');
    expect(() => validateJsonLd(doc, { severity: { invalid_value: 'off' } })).toThrow(
      'validate options: severity names "invalid_value"; the code is "invalid-value".',
    );
    // The site audit's codes pass (the integration's severity option names both).
    expect(validateJsonLd(doc, { severity: { 'duplicate-title': 'off' } }).valid).toBe(true);
  });
  it('overrides severities per code, or turns a code off', () => {
    const bad = { '@context': 'https://schema.org', '@type': 'Person', headline: 'x', datePublished: 5 };
    const result = validateJsonLd(bad, {
      severity: { 'invalid-value': 'warning', 'property-not-in-domain': 'off' },
    });
    expect(result.issues.map((issue) => `${issue.severity} ${issue.code}`)).toEqual([
      'warning invalid-value',
    ]);
    expect(result.valid).toBe(true);
  });
  it('applies the Google rules only on request, labelled with the rich result', () => {
    const product = { '@context': 'https://schema.org', '@type': 'Product', image: 'https://e.com/a.jpg' };
    expect(codes(product)).toEqual([]);
    const issues = validateJsonLd(product, { rules: ['google'] }).issues;
    expect(issues.map((issue) => `${issue.code} ${issue.path} ${issue.rule}`)).toEqual([
      'google-missing-required $.name google:product-snippet',
      'google-missing-one-of $ google:product-snippet',
    ]);
  });
  it('checks nested Google paths through arrays and references', () => {
    const crumbs = {
      '@context': 'https://schema.org',
      '@type': 'BreadcrumbList',
      itemListElement: [
        { '@type': 'ListItem', position: 1, name: 'Home' },
        { '@type': 'ListItem', name: 'Two' },
      ],
    };
    // The first crumb is not the last (the second, without a position, is by order): it needs its item.
    expect(codes(crumbs, { rules: ['google'] })).toEqual([
      'error google-missing-required $.itemListElement[1].position',
      'error google-missing-required $.itemListElement[0].item',
    ]);
  });
  it('reports deprecated rich results as info', () => {
    expect(
      codes({ '@context': 'https://schema.org', '@type': 'HowTo', name: 'x' }, { rules: ['google'] }),
    ).toEqual(['info google-deprecated-rich-result $']);
  });
});

describe('extractJsonLd', () => {
  it('returns each JSON-LD script with the line and column of its body, and skips comments', () => {
    const html =
      '<html>\n<head><script type="application/ld+json">{}</script>\n<!-- <script type="application/ld+json">x</script> -->\n  <script type=" Application/LD+JSON ">{"a":"&lt;"}</script><script>var x = 1</script></head></html>';
    const scripts = extractJsonLd(html);
    expect(scripts.map(({ text, line, column }) => ({ text, line, column }))).toEqual([
      { text: '{}', line: 2, column: 42 },
      { text: '{"a":"&lt;"}', line: 4, column: 40 },
    ]);
    // Each with the range of its whole element, open tag to close tag.
    expect(scripts.map((script) => html.slice(script.start, script.end))).toEqual([
      '<script type="application/ld+json">{}</script>',
      '<script type=" Application/LD+JSON ">{"a":"&lt;"}</script>',
    ]);
  });
  it('finds scripts late in the body and ignores mentions after the last one', () => {
    const html = `<head></head><body>${'<p>x</p>\n'.repeat(50)}<script type="application/ld+json">{"b":2}</SCRIPT ><p>ld+json</p><!-- ld+json --></body>`;
    expect(extractJsonLd(html).map((script) => [script.text, script.line])).toEqual([['{"b":2}', 51]]);
    const [late] = extractJsonLd(html);
    expect(html.slice(late?.start, late?.end)).toBe('<script type="application/ld+json">{"b":2}</SCRIPT >');
  });
  it('returns nothing for a page without JSON-LD', () => {
    expect(extractJsonLd('<p>hello</p>')).toEqual([]);
  });
  it('reads a script never closed to the end of the page, as a browser does, so its cut JSON is reported', () => {
    const html = '<html><head><script type="application/ld+json">{"@type":"Thing"';
    const [script] = extractJsonLd(html);
    expect(script).toMatchObject({ text: '{"@type":"Thing"', start: 12, end: html.length });
    expect(validateJsonLd(script?.text ?? '').issues[0]?.code).toBe('json-parse-error');
  });
  it("takes a tag's first type attribute, as a browser does", () => {
    const html =
      '<script type="application/ld+json" type="text/plain">{}</script><script type="text/plain" type="application/ld+json">{"x":1}</script>';
    expect(extractJsonLd(html).map((script) => script.text)).toEqual(['{}']);
  });
});

describe('literals', () => {
  it('reads numbers in every JSON-LD spelling, and judges a long run of digits at once', () => {
    for (const fits of ['1', '-1.5', '+.5', '2.', '6.02e23', '1E-3', 42, 0.5])
      expect(literalFits('Number', fits), String(fits)).toBe(true);
    for (const unfit of ['', '.', '1.2.3', 'e5', '1e', '12 kg', Number.NaN])
      expect(literalFits('Number', unfit), String(unfit)).toBe(false);
    // A value anyone can send to POST /validate: with an ambiguous pattern this backtracked for seconds a
    // few thousand digits long (about 25 s at 100,000).
    expect(literalFits('Number', `${'1'.repeat(100_000)}x`)).toBe(false);
    expect(literalFits('Number', '1'.repeat(100_000))).toBe(true);
  });
});

describe('messages', () => {
  it('name the expected types with their article', () => {
    const { issues } = validateJsonLd({ '@context': 'https://schema.org', '@type': 'Article', author: 42 });
    expect(issues.map((issue) => issue.message)).toContain(
      '"author" expects an Organization or a Person; found 42.',
    );
  });
});

describe('unfilled values', () => {
  const article = (fields: object) => ({ '@context': 'https://schema.org', '@type': 'Article', ...fields });

  it('finds the CMS placeholders anywhere in a text, with the field they stand for', () => {
    const { issues } = validateJsonLd(
      article({ headline: '{{meta_title}} | Acme', description: '{{ meta_description }}' }),
    );
    expect(issues.map((issue) => `${issue.severity} ${issue.code} ${issue.path}`)).toEqual([
      'warning unfilled-placeholder $.headline',
      'warning unfilled-placeholder $.description',
    ]);
    expect(issues[0]!.message).toMatch(
      /^"headline" holds \{\{meta_title\}\}, .*Give the page a meta title \(in the CMS, or in the page file that push sends\)/,
    );
    expect(issues[1]!.message).toMatch(/meta description/);
  });

  it('finds an HTML escape a template wrote into JSON-LD text, and names a date the calendar lacks', () => {
    const { issues } = validateJsonLd(
      article({
        headline: 'Tom &amp; Jerry',
        url: 'https://x.example/?a=1&amp;b=2',
        alternativeHeadline: 'R&D & more',
      }),
    );
    expect(issues.map((issue) => `${issue.severity} ${issue.code} ${issue.path}`)).toEqual([
      'warning html-escaped-text $.headline',
      'warning html-escaped-text $.url',
    ]);
    expect(issues[0]!.message).toMatch(/^"headline" holds "&amp;", an HTML escape: JSON-LD text is not HTML/);
    const dates = validateJsonLd(article({ datePublished: '2025-02-30', dateModified: '2025-13-01' })).issues;
    expect(dates.map((issue) => issue.message)).toEqual([
      expect.stringMatching(/found "2025-02-30" \(2025-02 has 28 days\)\.$/),
      expect.stringMatching(/found "2025-13-01" \(there is no month 13\)\.$/),
    ]);
  });

  it('finds a template expression written as the whole value, in every common template syntax', () => {
    // biome-ignore lint/suspicious/noTemplateCurlyInString: a template literal written in plain quotes is the case
    for (const value of ['{{ page.title }}', '{{{title}}}', '{% title %}', '${post.title}', ' {{ .Title }} '])
      expect(codes(article({ headline: value })), value).toEqual(['warning unfilled-placeholder $.headline']);
    // Inside longer text it may be a code sample: a TechArticle about Vue's templates.
    expect(codes(article({ description: 'Print it with {{ message }} in the template.' }))).toEqual([]);
    expect(codes(article({ headline: 'Sets {a, b} and {c}' }))).toEqual([]);
  });

  it("finds what JavaScript writes for a missing value, where the value's type would let it pass", () => {
    for (const [field, value] of [
      ['headline', 'undefined'],
      ['name', 'null'],
      ['alternativeHeadline', 'NaN'],
      ['author', '[object Object]'],
    ] as const) {
      const { issues } = validateJsonLd(article({ [field]: value }));
      expect(
        issues.map((issue) => `${issue.code} ${issue.path}`),
        value,
      ).toContain(`unfilled-placeholder $.${field}`);
    }
    // Where the value is already wrong for its type, the error stands alone: "undefined" is no date.
    expect(codes(article({ datePublished: 'undefined' }))).toEqual(['error invalid-value $.datePublished']);
    expect(codes(article({ wordCount: 'NaN' }))).toEqual(['error invalid-value $.wordCount']);
    // Words that only contain those letters are text.
    expect(codes(article({ headline: 'Null hypothesis, undefined behaviour and NaN boxing' }))).toEqual([]);
  });

  it('leaves an enumeration member alone and can be turned off', () => {
    expect(codes({ '@context': 'https://schema.org', '@type': 'Offer', availability: 'InStock' })).toEqual(
      [],
    );
    expect(
      codes(article({ headline: '{{meta_title}}' }), { severity: { 'unfilled-placeholder': 'off' } }),
    ).toEqual([]);
  });
});

describe('a number too large for a double (1e999)', () => {
  it('is named as such, not as "Infinity" to write as text, nor as null, nor taken for a quantity', () => {
    const messages = validateJsonLd(
      '{"@context":"https://schema.org","@type":"ItemList","position":1e999,"numberOfItems":-1e999,"itemListElement":[]}',
      { rules: ['schema.org'] },
    ).issues.map((issue) => `${issue.path} ${issue.message}`);
    expect(messages).toContain(
      '$.position "position" expects text; write the number as a string, in quotes, with its digits as written: as a number it is too large for JSON readers (they read "Infinity").',
    );
    expect(messages).toContain(
      '$.numberOfItems "numberOfItems" expects an integer; found a number too large for JSON readers (they read -Infinity).',
    );
    const yieldOf = validateJsonLd(
      '{"@context":"https://schema.org","@type":"Recipe","name":"x","recipeYield":1e999}',
      {
        rules: ['schema.org'],
      },
    );
    expect(yieldOf.issues.map((issue) => `${issue.code} ${issue.path}`)).toEqual([
      'text-expected $.recipeYield',
    ]);
  });
});
