// rewriteHeadBytes must give the bytes rewriteHead gives, whatever the page: where the decoded start is cut,
// what characters sit at the cut, a head longer than the start, a byte-order mark, and bytes that are not
// UTF-8 (which pass through untouched, where decoding and encoding the whole page would have replaced them).
import { describe, expect, test } from 'vitest';
import {
  type HeadTag,
  PREFIX_BYTES,
  renderHeadTags,
  rewriteHead,
  rewriteHeadBytes,
} from '../../src/head/index.ts';

const tags: HeadTag[] = renderHeadTags({
  schemas: [{ '@context': 'https://schema.org', '@type': 'WebPage', name: 'Päge ✓' }],
  meta: { url: '/', title: 'Tïtle 💥', description: 'D', robots: null, canonical: null, keywords: null },
  social: null,
});

const bytesOf = (text: string) => new Uint8Array(Buffer.from(text, 'utf8'));
const textOf = (bytes: Uint8Array) => Buffer.from(bytes).toString('utf8');

function expectSameAsText(page: string): void {
  const result = rewriteHeadBytes(bytesOf(page), tags);
  const expected = rewriteHead(page, tags);
  expect(textOf(result.bytes)).toBe(expected.html);
  expect(result.changed).toBe(expected.changed);
  expect(result.written).toBe(expected.written);
}

describe('rewriteHeadBytes', () => {
  test('a page with a short head and a long body: the same bytes as the text rewrite', () => {
    const body = `<body>${'<p>text 💥 ü</p>\n'.repeat(20_000)}</body></html>`;
    expectSameAsText(`<!doctype html><html><head><title>Old</title></head>${body}`);
  });

  test('every cut through a multi-byte character at the end of the decoded start', () => {
    const head = '<html><head><title>x</title></head><body>';
    for (let shift = 0; shift < 4; shift++) {
      const filler = 'a'.repeat(PREFIX_BYTES - head.length - 2 + shift);
      expectSameAsText(`${head}${filler}💥€é${'<p>z</p>'.repeat(10)}</body></html>`);
    }
  });

  test('a head longer than the decoded start is rewritten from the whole page', () => {
    const head = `<head>${'<meta name="k" content="välue">'.repeat(PREFIX_BYTES / 20)}<title>t</title></head>`;
    expect(Buffer.byteLength(head)).toBeGreaterThan(PREFIX_BYTES);
    expectSameAsText(`<html>${head}<body><p>after</p></body></html>`);
  });

  test('a byte-order mark stays first and the head is found after it', () => {
    const page = '\uFEFF<html><head><title>Old</title></head><body><p>x</p></body></html>';
    const out = rewriteHeadBytes(bytesOf(page), tags).bytes;
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expectSameAsText(page);
  });

  test('bytes past the decoded start that are not UTF-8 pass through as they were', () => {
    const start = Buffer.from(
      `<html><head><title>Old</title></head><body>${'<p>x</p>'.repeat(PREFIX_BYTES / 4)}<p>`,
      'utf8',
    );
    const invalid = Buffer.from([0xff, 0xfe, 0xc3, 0x28, 0x80]);
    const end = Buffer.from('</p></body></html>', 'utf8');
    const result = rewriteHeadBytes(new Uint8Array(Buffer.concat([start, invalid, end])), tags);
    expect(result.changed).toBe(true);
    expect(Buffer.from(result.bytes).includes(Buffer.concat([invalid, end]))).toBe(true);
  });

  test('an unchanged page is given back as the same bytes', () => {
    const page = bytesOf(rewriteHead('<html><head></head><body><p>x</p></body></html>', tags).html);
    const result = rewriteHeadBytes(page, tags);
    expect(result.changed).toBe(false);
    expect(result.bytes).toBe(page);
  });

  test('says when JSON-LD may follow the head, so the whole page is read for it', () => {
    const script = '<script type="application/LD+JSON">{"@type":"Thing"}</script>';
    const late = `<html><head><title>t</title></head><body>${'<p>x</p>'.repeat(5000)}${script}</body></html>`;
    expect(rewriteHeadBytes(bytesOf(late), tags).jsonLdAfterHead).toBe(true);
    const early = `<html><head><title>t</title></head><body>${script}<p>x</p></body></html>`;
    expect(rewriteHeadBytes(bytesOf(early), tags).jsonLdAfterHead).toBe(true);
    const inHead = `<html><head>${script}</head><body>${'<p>x</p>'.repeat(5000)}</body></html>`;
    const result = rewriteHeadBytes(bytesOf(inHead), tags);
    expect(result.jsonLdAfterHead).toBe(false);
    // The decoded start holds the whole head, the page's own JSON-LD and the written one.
    expect(result.head.match(/ld\+json/gi)).toHaveLength(2);
  });

  test('finds the mention past the decoded start in any case, even cut by it, and not in other plus signs', () => {
    const start = '<html><head><title>t</title></head><body><p>';
    const at = (offset: number, text: string) =>
      bytesOf(`${start}${'x'.repeat(PREFIX_BYTES + offset - start.length)}${text}</p></body></html>`);
    // `type="application/` is 18 characters: from -24 to -19 the cut falls inside `Ld+Json`.
    for (const offset of [-25, -24, -22, -20, -19, 0, 4000]) {
      expect(
        rewriteHeadBytes(at(offset, 'type="application/Ld+Json"'), tags).jsonLdAfterHead,
        `${offset}`,
      ).toBe(true);
    }
    expect(rewriteHeadBytes(at(100, 'a+b c++ ld+jso ld json +json ld+'), tags).jsonLdAfterHead).toBe(false);
  });

  test("with jsonLdConflict: 'api', a page's own JSON-LD past the decoded start goes too; otherwise the bytes stay", () => {
    const cms = renderHeadTags({
      schemas: [{ '@context': 'https://schema.org', '@type': 'BreadcrumbList', itemListElement: [] }],
      meta: null,
      social: null,
    });
    const crumbs =
      '<script type="application/ld+json">{"@type":"BreadcrumbList","itemListElement":[]}</script>';
    const page = bytesOf(
      `<html><head><title>t</title></head><body>${'<p>é</p>'.repeat(4000)}\n${crumbs}\n<p>end</p></body></html>`,
    );
    const replaced = rewriteHeadBytes(page, cms, { jsonLdConflict: 'api' });
    expect(replaced.jsonLdReplaced).toBe(1);
    const text = Buffer.from(replaced.bytes).toString('utf8');
    expect(text).not.toContain(crumbs);
    expect(text.endsWith(`${'<p>é</p>'}\n<p>end</p></body></html>`)).toBe(true);
    const kept = rewriteHeadBytes(page, cms);
    expect(kept.jsonLdReplaced).toBe(0);
    expect(Buffer.from(kept.bytes).toString('utf8')).toContain(crumbs);
  });
});
