// Meta and social tags by page URL: read one, list all, write some fields.
import type { z } from 'zod';
import { type CallOptions, createListing, type PageQuery } from './listing.ts';
import { parseAnswer } from './parse-answer.ts';
import type { Transport } from './transport.ts';
import { unwrapList } from './wire-fields.ts';
import {
  type MetaTags,
  metaTags,
  metaTagsList,
  type OpenGraphTags,
  type SocialTags,
  socialTags,
  socialTagsList,
  type TwitterTags,
} from './wire-tags.ts';

export type MetaFields = Partial<Omit<MetaTags, 'url'>>;
export interface SocialFields {
  og?: Partial<OpenGraphTags>;
  twitter?: Partial<TwitterTags>;
}

/** Some servers answer `?url=` with a one-item list; take the item for that URL. */
function pickOne(value: unknown, url: string): unknown {
  const list = unwrapList(value);
  if (!Array.isArray(list)) return value;
  return list.find((item) => (item as { url?: unknown } | null)?.url === url) ?? list[0] ?? { url };
}

/** A write that answered `{ success: true }` only: the stored values must be read back. */
function isBareSuccess(value: unknown): boolean {
  return !!value && typeof value === 'object' && 'success' in value && !('url' in value);
}

function tagOperations<T, F>(
  transport: Transport,
  kind: 'meta' | 'social',
  shapes: { one: z.ZodType<T>; list: z.ZodType<T[]> },
  route: { baseUrl: string; maxPages: number },
) {
  const path = `/${kind}`;
  const getOp = `${kind}.get` as const;
  const setOp = `${kind}.set` as const;
  async function get(url: string, options?: CallOptions): Promise<T> {
    const answer = await transport.call({
      operation: getOp,
      method: 'GET',
      path,
      query: { url },
      signal: options?.signal,
    });
    return parseAnswer(shapes.one, answer, getOp, 'GET', pickOne(answer.value, url));
  }
  return {
    get,
    ...createListing<T, PageQuery>(transport, { operation: `${kind}.list`, path, ...route }, shapes.list),
    async set(url: string, fields: F, options?: CallOptions): Promise<T> {
      const body = { ...fields, url };
      const answer = await transport.call({
        operation: setOp,
        method: 'POST',
        path,
        body,
        signal: options?.signal,
      });
      if (isBareSuccess(answer.value) || answer.value === null) return get(url, options);
      return parseAnswer(shapes.one, answer, setOp, 'POST', pickOne(answer.value, url));
    },
  };
}

/** Builds `client.meta` and `client.social`. */
export function tagsOperations(transport: Transport, route: { baseUrl: string; maxPages: number }) {
  return {
    meta: tagOperations<MetaTags, MetaFields>(
      transport,
      'meta',
      { one: metaTags, list: metaTagsList },
      route,
    ),
    social: tagOperations<SocialTags, SocialFields>(
      transport,
      'social',
      { one: socialTags, list: socialTagsList },
      route,
    ),
  };
}
