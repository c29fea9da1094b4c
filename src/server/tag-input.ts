// A meta or social write's fields, checked as the API checks them: by the routes, and by a seed file's load.
import { urlProblem } from './checks.ts';
import { invalidParams } from './errors.ts';
import { checkBodyFields } from './handlers/input.ts';
import { metaFields, ogFields, twitterFields } from './types.ts';

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

/**
 * A meta write: its page (on the site's hosts) and fields. Every bad field is named in one 400.
 *
 * @example readMetaInput({ url: 'https://example.com/', title: 'Home' }, new Set(['example.com']))
 */
export function readMetaInput(
  body: Record<string, unknown>,
  hosts: ReadonlySet<string>,
): { url: string; values: Record<string, string | null> } {
  const { url, ...fields } = body;
  checkBodyFields(body, ['url', ...metaFields], ['url']);
  const problems: Record<string, string> = {};
  const urlIssue = urlProblem(url, hosts);
  if (urlIssue) problems.url = urlIssue;
  const values = readTextFields(fields, metaFields, '', problems);
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return { url: url as string, values: values ?? {} };
}

/**
 * A social write: its page (on the site's hosts) and its Open Graph and Twitter fields.
 *
 * @example readSocialInput({ url: 'https://example.com/', og: { title: 'Home' } }, new Set(['example.com']))
 */
export function readSocialInput(
  body: Record<string, unknown>,
  hosts: ReadonlySet<string>,
): {
  url: string;
  og: Record<string, string | null> | undefined;
  twitter: Record<string, string | null> | undefined;
} {
  checkBodyFields(body, ['url', 'og', 'twitter'], ['url']);
  const problems: Record<string, string> = {};
  const urlIssue = urlProblem(body.url, hosts);
  if (urlIssue) problems.url = urlIssue;
  const og = readTextFields(body.og, ogFields, 'og.', problems);
  const twitter = readTextFields(body.twitter, twitterFields, 'twitter.', problems);
  if (Object.keys(problems).length > 0) throw invalidParams(problems);
  return { url: body.url as string, og, twitter };
}
