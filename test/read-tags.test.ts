import { expect, test } from 'vitest';
import { readTags } from '../src/read-tags.ts';

/** Every event as a line. */
function events(markup: string, options?: Parameters<typeof readTags>[2]): string[] {
  const out: string[] = [];
  readTags(
    markup,
    {
      onOpenTag: (name, attributes) => out.push(`<${name} ${JSON.stringify(attributes)}`),
      onText: (text) => out.push(`"${text}"`),
      onCloseTag: (name) => out.push(`</${name}`),
    },
    options,
  );
  return out;
}

test('HTML: names lower-cased, references decoded, the first of two attributes kept, title read as text', () => {
  expect(events('<TITLE>A &amp; <b>B</TITLE><META Name="x" name="y" content="&eacute;">')).toEqual([
    '<title {}',
    '"A "',
    '"&"',
    '" <b>B"',
    '</title',
    '<meta {"name":"x","content":"é"}',
  ]);
});

test('XML: names as written, CDATA as text, a self-closing tag closed', () => {
  expect(events('<sm:loc><![CDATA[https://a.test/?a&b]]></sm:loc><x/>', { xmlMode: true })).toEqual([
    '<sm:loc {}',
    '"https://a.test/?a&b"',
    '</sm:loc',
    '<x {}',
    '</x',
  ]);
});

test('stops between pieces when told, saying how far it read', () => {
  const markup = '<p>x</p>'.repeat(20_000); // 160,000 characters: three pieces
  let opened = 0;
  const read = readTags(markup, { onOpenTag: () => opened++ }, { stop: () => opened > 0 });
  expect(read).toBe(64 * 1024);
  expect(opened).toBeLessThan(20_000);
  expect(readTags(markup, {})).toBe(markup.length);
});
