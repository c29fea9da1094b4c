// astro-schema-manager's site-wide audit: facts read from built pages, compared across the whole site.

export { type AuditFinding, auditPagesAlone, auditSite, type SiteAuditInput } from './audit-site.ts';
export { AUDIT_CODES, type AuditCode } from './codes.ts';
export { DESCRIPTION_SHOWN, TITLE_SHOWN, truncateForResult } from './lengths.ts';
export { type JsonLdLink, type PageFacts, readPageFacts } from './page-facts.ts';
export { auditOutput, type OutputAuditInput, outputFileUrl, readOutputPages } from './read-output.ts';
