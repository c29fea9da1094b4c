// Meta tags and social tags: read one by URL, list all, write some fields of one.
import type { Handler } from '../api.ts';
import { urlProblem } from '../checks.ts';
import { invalidParams } from '../errors.ts';
import { metaFields, ogFields, twitterFields } from '../types.ts';
import { checkBodyFields, pagedResponse, readPaging } from './input.ts';

/** Each given field must be a string or null; the names of bad ones go into `problems` under `prefix`. */
function readTextFields(
  value: unknown,
  fields: readonly string[],
  prefix: string,
  problems: Record<string, string>,
): Record<string, string | null> | undefined {
  if (value === undefined) return undefined;
  if (value === null || typeof value !== 'object' || Array.isArray(value)) {
    problems[prefix.slice(0, -1)] = 'must be an object';
    return undefined;
  }
  const out: Record<string, string | null> = {};
  for (const [key, field] of Object.entries(value)) {
    if (!fields.includes(key)) problems[prefix + key] = `is not a field (allowed: ${fields.join(', ')})`;
    else if (field !== null && typeof field !== 'string') problems[prefix + key] = 'must be a string or null';
    else if (typeof field === 'string' && field.length > 4096)
      problems[prefix + key] = 'must be at most 4096 characters';
    else out[key] = field;
  }
  return out;
}

export const getMeta: Handler = (request, { store }) => {
  const url = request.query.get('url');
  if (url) return { body: store.getMeta(url) };
  const paging = readPaging(request.query);
  const { items, total } = store.listMeta(paging.page, paging.perPage);
  return pagedResponse(request, items, total, paging);
};

export const setMeta: Handler = (request, { store, hosts }) => {
  const { url, ...fields } = request.body;
  checkBodyFields(request.body, ['url', ...metaFields], ['url']);
  const problems: Record<string, string> = {};
  const urlIssue = urlProblem(url, hosts);
  if (urlIssue) problems.url = urlIssue;
  const values = readTextFields(fields, metaFields, '', problems);
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return { body: store.setMeta(url as string, values ?? {}) };
};

export const getSocial: Handler = (request, { store }) => {
  const url = request.query.get('url');
  if (url) return { body: store.getSocial(url) };
  const paging = readPaging(request.query);
  const { items, total } = store.listSocial(paging.page, paging.perPage);
  return pagedResponse(request, items, total, paging);
};

export const setSocial: Handler = (request, { store, hosts }) => {
  checkBodyFields(request.body, ['url', 'og', 'twitter'], ['url']);
  const problems: Record<string, string> = {};
  const urlIssue = urlProblem(request.body.url, hosts);
  if (urlIssue) problems.url = urlIssue;
  const og = readTextFields(request.body.og, ogFields, 'og.', problems);
  const twitter = readTextFields(request.body.twitter, twitterFields, 'twitter.', problems);
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return { body: store.setSocial(request.body.url as string, { og, twitter }) };
};
