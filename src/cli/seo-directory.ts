// The pull file as a directory of one JSON file per page URL, for code review: a change to one page touches one
// file, keys come in one fixed order, and files merge like any source. Pure: text in, text out; the commands do
// the reading and writing.
import { createHash } from 'node:crypto';
import { z } from 'zod';
import { META_FIELDS, OG_FIELDS, TWITTER_FIELDS } from '../contract-fields.ts';
import { parseLossless } from '../lossless-json.ts';
import { problemLines, type SeedFileData as SchemaFile, seedFileSchema } from '../seed-file.ts';
import { parseJson } from '../validate/parse-json.ts';

type SchemaEntry = SchemaFile['schemas'][number];

/** One page's file: what the CMS holds for that URL. */
export interface PageFile {
  url: string;
  schemas: Array<Omit<SchemaEntry, 'url'>>;
  meta?: Record<string, string | null>;
  social?: { og?: Record<string, string | null>; twitter?: Record<string, string | null> };
}

export class PageFileError extends Error {}

// Kept as they are in a file name; everything else is percent-encoded, so any URL has a portable name. `~` is
// encoded too: in a name it only ever separates what this file adds (a query, a digest, a second page's number).
const SAFE = /[^A-Za-z0-9._!$&'()+,;=@-]/g;
const encodePart = (part: string): string =>
  part.replace(SAFE, (c) =>
    encodeURIComponent(c).replace(/[!'()*~]/g, (x) => `%${x.charCodeAt(0).toString(16).toUpperCase()}`),
  );

/** A URL part (already percent-encoded) in the file name alphabet, each character encoded once. */
function reencode(part: string): string {
  try {
    return encodePart(decodeURIComponent(part));
  } catch {
    return encodePart(part);
  }
}

/**
 * Where a page's file goes, mirroring its URL: host, then path, `.json`; `/` is `index.json`.
 * @example pageFilePath('https://www.example.com/blog/hello/') // 'www.example.com/blog/hello.json'
 */
export function pageFilePath(url: string): string {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    // Not absolute: still one file, under a folder that says so.
    return `_relative/${encodePart(url) || 'index'}.json`;
  }
  const segments = parsed.pathname
    .split('/')
    .filter(Boolean)
    .map((segment) => {
      try {
        return encodePart(decodeURIComponent(segment));
      } catch {
        return encodePart(segment);
      }
    });
  const safe = segments.map(dotsEncoded).map(windowsName);
  const last = safe.pop() ?? 'index';
  // A folder named like a page file (`/y.json/z/`) would stand where `/y/`'s file goes.
  const folders = safe.map((segment) => segment.replace(/\.(json)$/i, '%2E$1'));
  const query = parsed.search ? `~${reencode(parsed.search.slice(1))}` : '';
  // A host of dots (`https://../x`, which URL parsing takes) would climb out of the directory too.
  const host = windowsName(dotsEncoded(encodePart(parsed.host))) || '_nohost';
  const path = [host, ...folders.map(fitName), `${fitName(`${last}${query}`)}.json`].join('/');
  if (Buffer.byteLength(path) <= MAX_PATH_BYTES) return path;
  // Too deep for a file system to open: the page's path in one name, cut and ended in a digest of it.
  return `${host}/${fitName([...folders, `${last}${query}`].join('%2F'))}.json`;
}

/** A name of dots alone (`..`) would climb out of the directory: its dots percent-encoded. */
function dotsEncoded(name: string): string {
  return /^\.+$/.test(name) ? name.replace(/\./g, '%2E') : name;
}

/** Longest page file path written, in bytes, under the directory: macOS opens 1,024 at most, the directory's own included. */
const MAX_PATH_BYTES = 800;

// Names Windows keeps for devices, with any extension (`con.json` opens the console), and a trailing dot, which
// it drops (`a.` and `a` would be one folder).
const DEVICE = /^(?:con|prn|aux|nul|com\d|lpt\d)(?:\.|$)/i;

/**
 * A name Windows can create: a device name's first letter and a trailing dot percent-encoded.
 * @example windowsName('con') // '%63on'
 */
function windowsName(name: string): string {
  const named = DEVICE.test(name)
    ? `%${name.charCodeAt(0).toString(16).toUpperCase()}${name.slice(1)}`
    : name;
  return named.endsWith('.') ? `${named.slice(0, -1)}%2E` : named;
}

/** Longest file or folder name written, in bytes: file systems take 255, and a write adds a temporary suffix. */
const MAX_NAME_BYTES = 180;

/**
 * A name within MAX_NAME_BYTES: a longer one keeps its start and ends in a digest of the whole, so it stays
 * one page's (the page's URL is inside its file).
 */
function fitName(name: string): string {
  if (Buffer.byteLength(name) <= MAX_NAME_BYTES) return name;
  return `${name.slice(0, 120)}~${createHash('sha256').update(name).digest('hex').slice(0, 16)}`;
}

/** `order` first, then any other keys alphabetically: one key order whatever the server sent. */
function ordered(fields: Record<string, string | null | undefined> | undefined, order: readonly string[]) {
  if (!fields) return undefined;
  const keys = [
    ...order.filter((key) => key in fields),
    ...Object.keys(fields)
      .filter((key) => !order.includes(key))
      .sort(),
  ];
  const out: Record<string, string | null> = {};
  for (const key of keys) if (fields[key] !== undefined) out[key] = fields[key]!;
  return Object.keys(out).length > 0 ? out : undefined;
}

/** A page file to write: where, for which page, and its text. */
export interface PageFileText {
  path: string;
  url: string;
  text: string;
}

/**
 * The pull file as page files, sorted by path; each text ends with a newline.
 * @example toPageFiles({ schemas: [...], meta: [], social: [] })[0].path // 'www.example.com/index.json'
 */
export function toPageFiles(file: SchemaFile): PageFileText[] {
  const pages = new Map<string, PageFile>();
  const pageOf = (url: string): PageFile => {
    const page = pages.get(url) ?? { url, schemas: [] };
    pages.set(url, page);
    return page;
  };
  // Fixed key order; JSON.stringify leaves out the fields the pull did not have.
  for (const { url, schema_type, schema_name, is_active, schema_data } of file.schemas)
    pageOf(url).schemas.push({ schema_type, schema_name, is_active, schema_data });
  for (const { url, ...fields } of file.meta) {
    const meta = ordered(fields as Record<string, string | null>, META_FIELDS);
    if (meta) pageOf(url).meta = meta;
  }
  for (const { url, og, twitter } of file.social) {
    const social = { og: ordered(og, OG_FIELDS), twitter: ordered(twitter, TWITTER_FIELDS) };
    if (social.og || social.twitter) pageOf(url).social = social;
  }
  // Pages whose paths differ only in letter case are one file on macOS's and Windows's file systems.
  const byPath = Map.groupBy(pages.values(), (page) => pageFilePath(page.url).toLowerCase());
  const files: PageFileText[] = [];
  for (const group of byPath.values()) {
    // `/a` and `/a/` (or `/A/` and `/a/`) name one file; when a CMS holds both, the second is numbered. The
    // order depends on nothing but the URLs, so every pull names them alike.
    group.sort((a, b) => b.url.length - a.url.length || (a.url < b.url ? -1 : a.url > b.url ? 1 : 0));
    group.forEach((page, index) => {
      const path = pageFilePath(page.url);
      const name = index === 0 ? path : path.replace(/\.json$/, `~~${index + 1}.json`);
      files.push({ path: name, url: page.url, text: `${JSON.stringify(page, null, 2)}\n` });
    });
  }
  return files.sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0));
}

// One page file's shape, from the seed file's entries less their `url` (the page's own): one zod schema for both.
const entries = seedFileSchema.shape;
const PAGE_URL = "must be the page's URL, e.g. https://example.com/blog/hello/";
const pageFileSchema = z.strictObject({
  url: z.string({ error: PAGE_URL }).min(1, { error: PAGE_URL }),
  schemas: z.array(entries.schemas.unwrap().element.omit({ url: true })).default([]),
  meta: entries.meta.unwrap().element.omit({ url: true }).optional(),
  social: entries.social.unwrap().element.omit({ url: true }).optional(),
});

/** Where each schema of a directory's pull came from, for messages: `www.example.com/a.json schemas[1]`. */
export interface SchemaOrigin {
  path: string;
  index: number;
}

/**
 * Page files back into one pull file, and where each of its schemas came from; a file that is not a page
 * file is an error naming the file and the field (`a.json: schemas[0].is_active: expected boolean…`).
 * @example readPageFiles([{ path: 'a.json', text: '{"url":"https://x.dev/","schemas":[]}' }]).file.schemas // []
 */
export function readPageFiles(files: Array<{ path: string; text: string }>): {
  file: SchemaFile;
  origins: SchemaOrigin[];
  /** The file of each page, by its url as written. */
  pathOf: ReadonlyMap<string, string>;
} {
  const file: SchemaFile = { schemas: [], meta: [], social: [] };
  const origins: SchemaOrigin[] = [];
  const seen = new Map<string, string>();
  for (const { path, text } of [...files].sort((a, b) => (a.path < b.path ? -1 : a.path > b.path ? 1 : 0))) {
    let value: unknown;
    try {
      value = parseLossless(text);
    } catch {
      throw new PageFileError(`${path}: not JSON (${jsonProblem(text)}).`);
    }
    if (!value || typeof value !== 'object' || Array.isArray(value))
      throw new PageFileError(`${path}: expected an object { url, schemas, meta, social }.`);
    const parsed = pageFileSchema.safeParse(value);
    if (!parsed.success) {
      const lines = problemLines(parsed.error.issues);
      throw new PageFileError(`${path}: ${lines.length > 1 ? `\n  ${lines.join('\n  ')}` : lines[0]}`);
    }
    const page = parsed.data;
    if (seen.has(page.url))
      throw new PageFileError(
        `${path}: ${page.url} is also in ${seen.get(page.url)}; keep one file per page.`,
      );
    seen.set(page.url, path);
    page.schemas.forEach((schema, index) => {
      file.schemas.push({ url: page.url, ...schema });
      origins.push({ path, index });
    });
    if (page.meta) file.meta.push({ url: page.url, ...page.meta });
    if (page.social) file.social.push({ url: page.url, ...page.social });
  }
  return { file, origins, pathOf: seen };
}

/**
 * The page a file's text is for (its `url`), or null when the text is no page file (not a JSON object with a
 * `url`): another JSON file kept beside them (notes, a tool's settings) that a pull must not remove.
 *
 * @example pageFileUrl('{"url":"https://x.dev/","schemas":[]}') // 'https://x.dev/'
 */
export function pageFileUrl(text: string): string | null {
  try {
    const value: unknown = JSON.parse(text);
    const url = value && typeof value === 'object' ? (value as { url?: unknown }).url : undefined;
    return typeof url === 'string' ? url : null;
  } catch {
    return null;
  }
}

/**
 * Why a file's text is not JSON, and where, as push says it when it stops on the file; null when it is JSON.
 *
 * @example jsonProblem('{"url":') // 'Unexpected end of JSON input at line 1, column 8'
 */
export function jsonProblem(text: string): string | null {
  const parsed = parseJson(text);
  return parsed.ok ? null : `${parsed.message} at line ${parsed.line}, column ${parsed.column}`;
}

/**
 * Page files back into one pull file (see `readPageFiles`).
 * @example fromPageFiles([{ path: 'a.json', text: '{"url":"https://x.dev/","schemas":[]}' }]).schemas // []
 */
export function fromPageFiles(files: Array<{ path: string; text: string }>): SchemaFile {
  return readPageFiles(files).file;
}
