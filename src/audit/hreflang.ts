// Is an hreflang value one Google reads? Google takes a language (ISO 639-1), optionally a script (ISO 15924)
// and a region (ISO 3166-1 alpha-2), or `x-default`; anything else and the link is ignored. The names of
// languages, scripts and regions come from the runtime's own ICU data, so no list is kept here.

const languages = new Intl.DisplayNames(['en'], { type: 'language', fallback: 'none' });
const scripts = new Intl.DisplayNames(['en'], { type: 'script', fallback: 'none' });
const regions = new Intl.DisplayNames(['en'], { type: 'region', fallback: 'none' });

// Region codes ICU knows that are not countries of ISO 3166-1, with what to write instead where there is one.
const NOT_COUNTRIES: Record<string, string | null> = {
  UK: 'GB',
  EU: null,
  EZ: null,
  UN: null,
  QO: null,
  ZZ: null,
  XA: null,
  XB: null,
};

const SHAPE = /^([a-z]{2,3})(?:-([a-z]{4}))?(?:-([a-z]{2}|\d{3}))?$/i;

/**
 * Why search engines would not read this hreflang value, with the fix; null when they would.
 * @example hreflangProblem('en-UK') // '"UK" is not a country code of ISO 3166-1: write "en-GB".'
 */
export function hreflangProblem(value: string): string | null {
  const trimmed = value.trim();
  if (trimmed.toLowerCase() === 'x-default') return null;
  if (trimmed.includes('_'))
    return `Separate language and region with "-", not "_": "${trimmed.replaceAll('_', '-')}".`;
  const shape = SHAPE.exec(trimmed);
  if (!shape)
    return 'It is not a language code of the form language[-Script][-REGION], such as "en", "en-GB" or "zh-Hant-TW", or "x-default".';
  const [, language, script, region] = shape as unknown as [string, string, string?, string?];
  if (!languages.of(language.toLowerCase())) {
    const country = language.length === 2 && regions.of(language.toUpperCase());
    return country
      ? `"${language}" is not a language: it reads as the country ${country}. The language comes first, the region after it, as in "ja-JP".`
      : `"${language}" is not a language code of ISO 639-1.`;
  }
  if (script && !scripts.of(script[0]!.toUpperCase() + script.slice(1).toLowerCase()))
    return `"${script}" is not a script code of ISO 15924.`;
  if (region) {
    const upper = region.toUpperCase();
    if (/^\d/.test(upper) || !regions.of(upper))
      return `"${region}" is not a country code of ISO 3166-1 alpha-2, the only regions Google's documentation gives for hreflang.`;
    if (upper in NOT_COUNTRIES) {
      const instead = NOT_COUNTRIES[upper];
      return instead
        ? `"${region}" is not a country code of ISO 3166-1: write "${language}-${instead}".`
        : `"${region}" is not a country: hreflang names one country at a time, or the language alone.`;
    }
  }
  return null;
}
