// A record's size as WordPress answers it: push refuses a document it could not read back once stored. The
// expected sizes are strlen(json_encode($text)) in PHP 8.2, WordPress's encoder.
import { expect, test } from 'vitest';
import { phpJsonStringBytes, recordWireBytes } from '../../src/client/wire-size.ts';

test.each([
  ['a/é', 11],
  ['say "hi" \\ 😀', 28],
  ['tab\t\u0001\u007f', 14],
  ['{"@context":"https://schema.org"}', 41],
])('%j is %i bytes as PHP json_encode writes it', (text, bytes) => {
  expect(phpJsonStringBytes(text)).toBe(bytes);
});

test('a document of 2 MB sent is over 5 MiB answered: each é is \\u00e9', () => {
  const text = JSON.stringify({ name: 'é'.repeat(1_000_000) });
  expect(Buffer.byteLength(text)).toBeLessThan(2.1e6);
  expect(recordWireBytes({ url: 'https://x.dev/', schema_name: 'A', schema_data: text })).toBeGreaterThan(
    5 * 1024 * 1024,
  );
});
