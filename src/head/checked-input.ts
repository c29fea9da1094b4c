// What the head core is given from JavaScript, checked where TypeScript cannot: a hand-built meta or social
// object may leave fields out (they count as null), and anything else wrong is named by its path, not met
// later as "Cannot read properties of undefined".
import { META_FIELDS, OG_FIELDS, TWITTER_FIELDS } from '../contract-fields.ts';
import { valueKind } from '../value-kind.ts';
import type { HeadData } from './types.ts';

function tagFields(
  value: unknown,
  where: string,
  names: readonly string[],
  caller: string,
): Record<string, unknown> {
  if (value === null || typeof value !== 'object' || Array.isArray(value))
    throw new TypeError(`${caller}: ${where} must be an object; got ${valueKind(value)}.`);
  const fields: Record<string, unknown> = { ...value };
  for (const name of names) {
    const field = fields[name];
    if (field === undefined) fields[name] = null;
    else if (field !== null && typeof field !== 'string')
      throw new TypeError(`${caller}: ${where}.${name} must be a string or null; got ${valueKind(field)}.`);
  }
  return fields;
}

/**
 * `given` as head data: fields left out of meta and social are null, og and twitter left out are empty;
 * a TypeError names the first value of another kind.
 *
 * @example checkedHeadData({ schemas: [], meta: { title: 'A' }, social: null }, 'renderHeadTags').meta?.description // null
 */
export function checkedHeadData(given: unknown, caller: string): HeadData {
  if (given === null || typeof given !== 'object' || Array.isArray(given))
    throw new TypeError(
      `${caller}: expected head data ({ schemas, meta, social }); got ${valueKind(given)}.`,
    );
  const { schemas = [], meta = null, social = null, derivedFrom } = given as Partial<HeadData>;
  if (!Array.isArray(schemas))
    throw new TypeError(
      `${caller}: schemas must be an array of JSON-LD documents; got ${valueKind(schemas)}.`,
    );
  const socialFields = social === null ? null : tagFields(social, 'social', [], caller);
  return {
    schemas,
    meta: meta === null ? null : (tagFields(meta, 'meta', META_FIELDS, caller) as HeadData['meta']),
    social:
      socialFields === null
        ? null
        : ({
            ...socialFields,
            og: tagFields(socialFields.og ?? {}, 'social.og', OG_FIELDS, caller),
            twitter: tagFields(socialFields.twitter ?? {}, 'social.twitter', TWITTER_FIELDS, caller),
          } as HeadData['social']),
    ...(derivedFrom === undefined ? {} : { derivedFrom }),
  };
}
