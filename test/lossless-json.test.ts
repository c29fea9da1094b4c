// Numbers with more digits than a double keeps are read as their text and written back as they were.
import { expect, test } from 'vitest';
import { isRawNumber, parseLossless, plainJson } from '../src/lossless-json.ts';

test('keeps the digits a double would change, and only those', () => {
  const text =
    '{"id":9007199254740993,"gtin":12345678901234567890,"ratio":0.12345678901234567891,"small":42,"price":19.99,"big":1e21,"zero":-0,"list":[9007199254740995,1]}';
  const value = parseLossless(text) as Record<string, unknown>;
  expect(isRawNumber(value.id)).toBe(true);
  expect(isRawNumber(value.gtin)).toBe(true);
  expect(isRawNumber(value.ratio)).toBe(true);
  for (const key of ['small', 'price', 'big', 'zero']) expect(isRawNumber(value[key]), key).toBe(false);
  expect(JSON.stringify(value)).toBe(
    '{"id":9007199254740993,"gtin":12345678901234567890,"ratio":0.12345678901234567891,"small":42,"price":19.99,"big":1e+21,"zero":0,"list":[9007199254740995,1]}',
  );
  // Pretty-printed the same way.
  expect(JSON.stringify(value, null, 2)).toContain('"gtin": 12345678901234567890');
});

test('plainJson gives what JSON.parse gives, for the validator', () => {
  const text = '{"a":[{"b":9007199254740993}],"c":"x"}';
  expect(plainJson(parseLossless(text))).toEqual(JSON.parse(text));
  const plain = { a: 1 };
  expect(plainJson(plain)).toBe(plain);
  expect(plainJson('text')).toBe('text');
});
