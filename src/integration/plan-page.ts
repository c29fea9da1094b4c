// API answers -> tags and findings for one page. Pure: no I/O, so a whole site can be planned (and
// rejected) before a single file is touched.
import type { SchemaRecord } from '../client/index.ts';
import { describeSchema } from '../describe-schema.ts';
import { type HeadTag, prepareHeadData, renderHeadTags } from '../head/index.ts';
import {
  type MissingField,
  type ValidateOptions,
  type ValidationIssue,
  validatePage,
} from '../validate/index.ts';
import type { ResolvedOptions } from './options.ts';
import type { PageData } from './page-data.ts';
import type { BuiltPage } from './pages.ts';

/** One problem on one page, located down to the schema and the JSON path. */
export interface Finding {
  severity: 'error' | 'warning' | 'info';
  code: string;
  /** The page's public URL. */
  page: string;
  /** Which schema: `#12 Article "Hello post"`; null for page-level findings. */
  schema: string | null;
  /** JSON path inside the schema, `$` for the whole document, empty for page-level findings. */
  path: string;
  /** The JSON-LD node the finding is in, named for people (see ValidationIssue.node). */
  node?: string;
  message: string;
  /** The validator's rule set (`schema.org`, `google:event`), for the validator's findings. */
  rule?: string;
  /** Which field a rich result misses, where that is all the finding says (see ValidationIssue.missingField). */
  missingField?: MissingField;
  /** On `too-many-findings`: the findings it stands for, by severity (see ValidationIssue.omitted). */
  omitted?: ValidationIssue['omitted'];
}

export interface PagePlan {
  page: BuiltPage;
  cmsUrl: string;
  tags: HeadTag[];
  /** The schemas written, by type, for the summary. */
  schemaTypes: string[];
  findings: Finding[];
  /** The page redirects, and the CMS's data for its address was left aside (see planBuiltPage). */
  redirect?: true;
  /**
   * Each written record's document as the page has it (placeholders filled, CMS addresses rewritten), by record
   * id; only when asked for (the dev toolbar shows them), so a build's plans stay small.
   */
  documents?: Map<number, unknown>;
}

export interface PlanContext {
  cmsOrigin: string;
  siteOrigin: string;
  rewriteUrls: boolean;
  keepPathPrefixes: string[];
  graph: boolean;
  socialFallback: boolean;
  /** Astro's: where it is 'always' or 'never', a CMS canonical naming the page with the other slash is corrected. */
  trailingSlash: 'always' | 'never' | 'ignore';
  /** Null when validation is off. */
  validation: ValidateOptions | null;
}

/**
 * Prepares, renders and validates what one page gets.
 *
 * @example planPage(page, 'https://cms.example.com/a/', { schemas, meta, social }, context)
 */
export function planPage(
  page: BuiltPage,
  cmsUrl: string,
  data: PageData,
  context: PlanContext,
  keep: { documents?: boolean } = {},
): PagePlan {
  const findings: Finding[] = [];
  const usable: SchemaRecord[] = [];
  for (const record of data.schemas) {
    if (record.data === null) {
      findings.push({
        severity: 'error',
        code: 'json-parse-error',
        page: page.url,
        schema: describeSchema(record),
        path: '$',
        message: `schema_data is not JSON: ${record.data_error ?? 'it does not parse'}. It was left out of the page.`,
      });
    } else {
      usable.push(record);
    }
  }

  const prepared = prepareHeadData(
    { schemas: usable.map((record) => record.data), meta: data.meta, social: data.social },
    {
      cmsOrigin: context.cmsOrigin,
      siteOrigin: context.siteOrigin,
      rewriteUrls: context.rewriteUrls,
      keepPathPrefixes: context.keepPathPrefixes,
      socialFallback: context.socialFallback,
      pageUrl: page.url,
      trailingSlash: context.trailingSlash,
    },
  );
  const headFinding = (warning: { code: string; key: string; message: string }): Finding => {
    const index = /^jsonld:(\d+)$/.exec(warning.key)?.[1];
    const record = index === undefined ? undefined : usable[Number(index)];
    return {
      severity: 'warning',
      code: warning.code,
      page: page.url,
      schema: record ? describeSchema(record) : null,
      path: record ? '$' : warning.key,
      message: warning.message,
    };
  };
  for (const warning of prepared.warnings) {
    // A placeholder left in JSON-LD is the validator's `unfilled-placeholder` too, found with its path.
    if (context.validation && warning.code === 'unfilled-placeholder' && warning.key.startsWith('jsonld:'))
      continue;
    findings.push(headFinding(warning));
  }

  const tags = renderHeadTags(prepared, {
    graph: context.graph,
    onWarning: (warning) => findings.push(headFinding(warning)),
  });

  if (context.validation && usable.length > 0) {
    // One page is one graph to a search engine: validating its documents together resolves an @id that
    // one schema (WebSite.publisher) makes to a node another schema on the page defines (Organization).
    const results = validatePage(prepared.schemas as object[], context.validation);
    results.forEach(({ issues }, index) => {
      for (const issue of issues) findings.push(pageIssueFinding(issue, page, usable[index]));
    });
  }

  return {
    page,
    cmsUrl,
    tags,
    schemaTypes: usable.map((record) => record.schema_type),
    findings,
    ...(keep.documents && {
      documents: new Map(usable.map((record, index) => [record.id, prepared.schemas[index]])),
    }),
  };
}

/** A validator issue, located in the schema it is about. */
function pageIssueFinding(
  issue: ValidationIssue,
  page: BuiltPage,
  record: SchemaRecord | undefined,
): Finding {
  return {
    severity: issue.severity,
    code: issue.code,
    page: page.url,
    schema: record ? describeSchema(record) : null,
    path: issue.path,
    ...(issue.node && { node: issue.node }),
    message: issue.message,
    rule: issue.rule,
    ...(issue.missingField && { missingField: issue.missingField }),
    ...(issue.omitted && { omitted: issue.omitted }),
  };
}

/** A page the build will stop on: not worth writing. */
export function stopsBuild(plan: PagePlan, options: Pick<ResolvedOptions, 'validate'>): boolean {
  return options.validate === 'error' && plan.findings.some((finding) => finding.severity === 'error');
}
