// The pure readers: answer bodies, schema documents, dates.
import { describe, expect, test } from 'vitest';
import { readBody } from '../../src/client/body.ts';
import { toIsoDate } from '../../src/client/wire-fields.ts';
import { readSchemaData } from '../../src/client/wire-records.ts';

describe('readBody', () => {
  test('JSON, empty, a BOM', () => {
    expect(readBody('[1]')).toEqual({ kind: 'json', value: [1], prefix: '' });
    expect(readBody(' \n')).toEqual({ kind: 'empty' });
    expect(readBody('\uFEFF{"a":1}')).toMatchObject({ kind: 'json', value: { a: 1 } });
  });

  test('PHP notices and warnings before the JSON, even with braces in them', () => {
    const prefix =
      'Warning: Undefined array key {id} in /x.php on line 3\n<br />\n<b>Deprecated</b>: [x] is old<br />\n';
    expect(readBody(`${prefix}{"id":1,"list":[1,2]}`)).toEqual({
      kind: 'json',
      value: { id: 1, list: [1, 2] },
      prefix,
    });
  });

  test('HTML pages by their text, and other text, cut at a word near 200 characters', () => {
    const page = `<!doctype html><html><body>${'x'.repeat(500)}<script>var a = {"b": 1};</script></body></html>`;
    expect(readBody(page)).toEqual({ kind: 'html', snippet: `${'x'.repeat(200)}…` });
    expect(readBody('Service Unavailable')).toEqual({ kind: 'text', snippet: 'Service Unavailable' });
    // Apache's own 503 page, as PHP-FPM being down gives it: its words, whole sentences, no markup.
    const apache =
      '<!DOCTYPE HTML PUBLIC "-//IETF//DTD HTML 2.0//EN">\n<html><head>\n<title>503 Service Unavailable</title>\n</head><body>\n<h1>Service Unavailable</h1>\n<p>The server is temporarily unable to service your\nrequest due to maintenance downtime or capacity\nproblems. Please try again later.</p>\n<hr>\n<address>Apache/2.4.62 (Debian) Server at 127.0.0.1 Port 28101</address>\n</body></html>\n';
    expect(readBody(apache)).toEqual({
      kind: 'html',
      snippet:
        '503 Service Unavailable Service Unavailable The server is temporarily unable to service your request due to maintenance downtime or capacity problems. Please try again later. Apache/2.4.62 (Debian)…',
    });
    // PHP's error, with its inline markup and character references.
    expect(
      readBody('<br />\n<b>Fatal error</b>: Allowed memory size exhausted in <b>/var/www/x&amp;y.php</b>'),
    ).toEqual({
      kind: 'html',
      snippet: 'Fatal error: Allowed memory size exhausted in /var/www/x&y.php',
    });
  });
});

describe('readSchemaData', () => {
  test('string, object, double-encoded string', () => {
    expect(readSchemaData('{"@type":"Thing"}')).toEqual({
      schema_data: '{"@type":"Thing"}',
      data: { '@type': 'Thing' },
      data_error: null,
    });
    expect(readSchemaData({ '@type': 'Thing' })).toEqual({
      schema_data: '{"@type":"Thing"}',
      data: { '@type': 'Thing' },
      data_error: null,
    });
    expect(readSchemaData(JSON.stringify('{"@type":"Thing"}')).data).toEqual({ '@type': 'Thing' });
  });

  test('what does not parse is reported, not thrown', () => {
    expect(readSchemaData('{oops')).toMatchObject({ schema_data: '{oops', data: null });
    expect(readSchemaData('{oops').data_error).toMatch(/^schema_data is not JSON: /);
    expect(readSchemaData('42')).toMatchObject({
      data: null,
      data_error: 'schema_data is JSON but not an object or array',
    });
    expect(readSchemaData(null)).toEqual({
      schema_data: '',
      data: null,
      data_error: 'schema_data is missing',
    });
  });
});

test('toIsoDate', () => {
  // Zone-less: read later in the site's zone.
  expect(toIsoDate('2026-11-21 10:00:00')).toBe('2026-11-21T10:00:00');
  expect(toIsoDate('2026-11-21T10:00:00+02:00')).toBe('2026-11-21T08:00:00.000Z');
  expect(toIsoDate('0000-00-00 00:00:00')).toBeNull();
  expect(toIsoDate('yesterday')).toBeNull();
  expect(toIsoDate(undefined)).toBeNull();
});
