// Every finding the site-wide audit gives, with its default severity. `severity` options change them as they
// change the validator's codes, so one map tunes both.
import type { Severity } from '../validate/types.ts';

export const AUDIT_CODES = {
  'duplicate-title': 'warning',
  'duplicate-description': 'warning',
  'title-missing': 'warning',
  'description-missing': 'warning',
  'title-too-long': 'warning',
  'description-too-long': 'warning',
  'canonical-not-built': 'error',
  'canonical-malformed': 'error',
  'canonical-to-redirect': 'error',
  'canonical-to-not-found': 'error',
  'canonical-spelling': 'warning',
  'canonical-off-site': 'warning',
  'og-url-mismatch': 'warning',
  'hreflang-invalid': 'warning',
  'hreflang-conflict': 'warning',
  'hreflang-not-built': 'warning',
  'hreflang-to-redirect': 'warning',
  'hreflang-to-non-canonical': 'warning',
  'hreflang-no-return-link': 'warning',
  'image-not-built': 'error',
  'image-not-absolute': 'warning',
  'image-on-localhost': 'error',
  'noindex-in-sitemap': 'warning',
  'redirect-in-sitemap': 'warning',
  'sitemap-url-without-page': 'warning',
  'cms-url-in-json-ld': 'error',
  'off-site-id-in-json-ld': 'warning',
  'json-ld-type-twice': 'warning',
  'social-disagrees-with-meta': 'info',
} as const satisfies Record<string, Severity>;

export type AuditCode = keyof typeof AUDIT_CODES;
