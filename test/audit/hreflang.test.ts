import { describe, expect, it } from 'vitest';
import { hreflangProblem } from '../../src/audit/hreflang.ts';

describe('hreflangProblem', () => {
  it('takes what Google reads: a language, a script, a country, or x-default, in any case', () => {
    for (const value of [
      'en',
      'EN-gb',
      'de-AT',
      'zh-Hant',
      'zh-Hant-TW',
      'sr-Latn-RS',
      'x-default',
      'X-Default',
      'fil',
      'uk',
    ])
      expect(hreflangProblem(value), value).toBeNull();
  });

  it('says what is wrong and how to write it', () => {
    expect(hreflangProblem('en_US')).toBe('Separate language and region with "-", not "_": "en-US".');
    expect(hreflangProblem('en-UK')).toBe('"UK" is not a country code of ISO 3166-1: write "en-GB".');
    expect(hreflangProblem('en-EU')).toBe(
      '"EU" is not a country: hreflang names one country at a time, or the language alone.',
    );
    expect(hreflangProblem('es-419')).toBe(
      `"419" is not a country code of ISO 3166-1 alpha-2, the only regions Google's documentation gives for hreflang.`,
    );
    expect(hreflangProblem('en-XY')).toMatch(/^"XY" is not a country code/);
    expect(hreflangProblem('jp')).toBe(
      '"jp" is not a language: it reads as the country Japan. The language comes first, the region after it, as in "ja-JP".',
    );
    expect(hreflangProblem('xx')).toBe('"xx" is not a language code of ISO 639-1.');
    expect(hreflangProblem('zh-Xxxx')).toBe('"Xxxx" is not a script code of ISO 15924.');
    for (const value of ['english', 'en-', '', 'en-US-x', 'default'])
      expect(hreflangProblem(value), value).toMatch(/^It is not a language code of the form/);
  });
});
