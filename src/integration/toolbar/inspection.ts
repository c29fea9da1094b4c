// What the request-time pass knows about a page, for the dev toolbar app: the CMS records written, the findings
// at their paths, the head's tags as served. Carried to the browser as a JSON island in the dev page's head, so
// the app shows exactly what this view got, with no second request to the API. Pure.
import { readPageFacts } from '../../audit/page-facts.ts';
import type { SchemaRecord } from '../../client/index.ts';
import { locateApi, routeUrl } from '../../client/urls.ts';
import { describeSchema } from '../../describe-schema.ts';
import { serializeJsonForScript } from '../../head/escape.ts';
import { readHeadTags } from '../../head/read.ts';
import { reportFinding } from '../../report/html-report.ts';
import type { Finding } from '../plan-page.ts';
import { INSPECTION_ELEMENT_ID } from './meta.ts';

export { INSPECTION_ELEMENT_ID };

export interface InspectedDocument {
  id: number;
  type: string;
  name: string;
  /** `#12 Article "Hello"`, as findings name it. */
  label: string;
  /** Where anyone (no login) reads the page's active schemas from the API: `/schemas-by-url?url=…`. */
  href: string;
  json: string;
  findings: Array<Pick<Finding, 'severity' | 'code' | 'path' | 'node' | 'message'>>;
}

export interface PageInspection {
  url: string;
  cmsUrl: string;
  documents: InspectedDocument[];
  /** Findings about the page rather than one record. */
  findings: Array<Pick<Finding, 'severity' | 'code' | 'path' | 'node' | 'message'>>;
  /** Every meta, link and title value of the served head, by key (`title`, `meta:description`, `property:og:image`). */
  tags: Record<string, string[]>;
  preview: {
    title: string | null;
    description: string | null;
    ogTitle: string | null;
    ogDescription: string | null;
    ogImage: string | null;
  };
  /** Why the page got no head data, when the API could not be asked. */
  error: string | null;
}

export interface InspectionInput {
  url: string;
  cmsUrl: string;
  /** The API's base URL, without credentials. */
  apiBase: string;
  records: SchemaRecord[];
  /** Each record's document as the page has it (placeholders filled), by id; the record's own otherwise. */
  documents?: ReadonlyMap<number, unknown> | undefined;
  findings: Finding[];
  /** The page as served, after the head was rewritten. */
  html: string;
  error?: string | null;
}

/** The inspection of one served page. */
export function inspectPage(input: InspectionInput): PageInspection {
  const facts = readPageFacts(input.html, input.url, '');
  const href = publicSchemasHref(input.apiBase, input.cmsUrl);
  const documents = input.records.map((record) => {
    const label = describeSchema(record);
    return {
      id: record.id,
      type: record.schema_type,
      name: record.schema_name ?? '',
      label,
      href,
      json: prettyOrRaw(record, input.documents?.get(record.id)),
      findings: input.findings.filter((finding) => finding.schema === label).map(reportFinding),
    };
  });
  const labels = new Set(documents.map((document) => document.label));
  return {
    url: input.url,
    cmsUrl: input.cmsUrl,
    documents,
    findings: input.findings
      .filter((finding) => finding.schema === null || !labels.has(finding.schema))
      .map(reportFinding),
    tags: readHeadTags(input.html).values,
    preview: {
      title: facts.title,
      description: facts.description,
      ogTitle: facts.ogTitle,
      ogDescription: facts.ogDescription,
      ogImage: facts.images.find((image) => image.tag === 'og:image')?.value ?? null,
    },
    error: input.error ?? null,
  };
}

/** The island to put in a dev page's head: JSON that no value can break out of. */
export function renderInspectionIsland(inspection: PageInspection): string {
  return `<script type="application/json" id="${INSPECTION_ELEMENT_ID}">${serializeJsonForScript(inspection)}</script>`;
}

/**
 * The public route that serves the page's active schemas, in the API's own form (`/wp-json/…` or
 * `?rest_route=…`): a browser that opens it is no logged-in client, and `/schemas/{id}` would answer 401.
 */
function publicSchemasHref(apiBase: string, cmsUrl: string): string {
  const location = apiBase ? locateApi(apiBase) : null;
  if (location) return routeUrl(location, '/schemas-by-url', { url: cmsUrl }, location.form).href;
  return `${apiBase.replace(/\/+$/, '')}/schemas-by-url?url=${encodeURIComponent(cmsUrl)}`;
}

function prettyOrRaw(record: SchemaRecord, asServed: unknown): string {
  try {
    if (asServed !== undefined) return JSON.stringify(asServed, null, 2);
    return record.data === null ? record.schema_data : JSON.stringify(record.data, null, 2);
  } catch {
    return record.schema_data; // Too deep to print: shown as the CMS holds it.
  }
}
