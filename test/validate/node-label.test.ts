// Issues name the node they are in, so a graph's findings can be found without counting its nodes.
import { describe, expect, it } from 'vitest';
import { formatReport } from '../../src/validate/format-report.ts';
import { validateJsonLd, validatePage } from '../../src/validate/index.ts';

const graph = {
  '@context': 'https://schema.org',
  '@graph': [
    { '@type': 'Organization', '@id': 'https://a.dev/#org', name: 'A', logo: '' },
    {
      '@type': 'Article',
      '@id': 'https://a.dev/post/#article',
      headline: 'Post',
      datePublished: 'yesterday',
      author: { '@type': 'Person', name: 'Jo', url: 'not a url' },
      publisher: { '@id': 'https://a.dev/#org' },
    },
    {
      '@type': 'BreadcrumbList',
      itemListElement: [{ '@type': 'ListItem', position: 1, name: 'Home', url: 5 }],
    },
  ],
};

const nodeAt = (issues: Array<{ path: string; node?: string }>, path: string) =>
  issues.find((issue) => issue.path === path)?.node;

describe('the node an issue is in', () => {
  it('is named by its type and @id, or by the nearest node above it that has an @id', () => {
    const { issues } = validateJsonLd(graph);
    expect(nodeAt(issues, '$["@graph"][0].logo')).toBe('Organization https://a.dev/#org');
    expect(nodeAt(issues, '$["@graph"][1].datePublished')).toBe('Article https://a.dev/post/#article');
    expect(nodeAt(issues, '$["@graph"][1].author.url')).toBe('Person in Article https://a.dev/post/#article');
  });

  it('without any @id on the way, in a graph: by its type and the outermost node', () => {
    const { issues } = validateJsonLd(graph);
    expect(nodeAt(issues, '$["@graph"][2].itemListElement[0].url')).toBe('ListItem in BreadcrumbList');
  });

  it('is left out for a lone node without an @id: its path says where already', () => {
    const { issues } = validateJsonLd({
      '@context': 'https://schema.org',
      '@type': 'Article',
      author: { '@type': 'Person', url: 'not a url' },
    });
    expect(issues.map((issue) => issue.path)).toContain('$.author.url');
    for (const issue of issues) expect(issue).not.toHaveProperty('node');
  });

  it('names a reference by the type of the node defining it, where the first mention has no type', () => {
    // Yoast's form: the author written as {name, @id} inside the Article, the Person defined later in the graph.
    const yoast = {
      '@context': 'https://schema.org',
      '@graph': [
        {
          '@type': 'Article',
          '@id': 'https://a.dev/p/#article',
          headline: 'P',
          datePublished: '2024-05-01',
          image: 'https://a.dev/p.jpg',
          author: { name: 'Jo', '@id': 'https://a.dev/#/person/1' },
        },
        { '@type': 'Person', '@id': 'https://a.dev/#/person/1', name: 'Jo' },
      ],
    };
    const { issues } = validateJsonLd(yoast, { rules: ['schema.org', 'google'] });
    expect(nodeAt(issues, '$["@graph"][0].author.url')).toBe('Person https://a.dev/#/person/1');
  });

  it('in a page, is named inside its own document', () => {
    const [first, second] = validatePage([
      { '@context': 'https://schema.org', '@type': 'WebSite', '@id': '#site', url: 5 },
      { '@context': 'https://schema.org', '@type': 'Article', datePublished: 'yesterday' },
    ]);
    expect(nodeAt(first!.issues, '$.url')).toBe('WebSite #site');
    expect(second!.issues.map((issue) => issue.path)).toEqual(['$.datePublished']);
    expect(second!.issues[0]).not.toHaveProperty('node');
  });

  it('shortens a very long @id', () => {
    const id = `https://a.dev/#${'x'.repeat(400)}`;
    const { issues } = validateJsonLd({
      '@context': 'https://schema.org',
      '@type': 'Thing',
      '@id': id,
      url: 5,
    });
    const node = nodeAt(issues, '$.url')!;
    expect(node.startsWith('Thing https://a.dev/#xxx')).toBe(true);
    expect(node.endsWith('…')).toBe(true);
    expect(node.length).toBeLessThan(200);
  });

  it('stands beside the path in the readable, JUnit and GitHub reports', () => {
    const { valid, issues } = validateJsonLd(graph);
    const files = [
      { file: 'dist/post/index.html', documents: [{ index: 0, line: 3, column: 5, valid, issues }] },
    ];
    // JUnit writes the quotes of `["@graph"]` as entities.
    const where = '[1].author.url (Person in Article https://a.dev/post/#article)';
    for (const format of ['pretty', 'junit', 'github'] as const)
      expect(formatReport(files, format, { failOn: 'error', color: false })).toContain(where);
    const json = JSON.parse(formatReport(files, 'json', { failOn: 'error', color: false }));
    expect(json.files[0].documents[0].issues).toContainEqual(
      expect.objectContaining({
        path: '$["@graph"][1].author.url',
        node: 'Person in Article https://a.dev/post/#article',
      }),
    );
  });
});
