import type { DatabaseSync, SQLInputValue } from 'node:sqlite';
import {
  type MetaField,
  type MetaTags,
  metaFields,
  ogFields,
  type SchemaInput,
  type SchemaRecord,
  type SocialTags,
  twitterFields,
} from '../types.ts';
import { inTransaction, openDatabase } from './open-database.ts';

export interface SchemaQuery {
  page: number;
  perPage: number;
  url?: string;
  schemaType?: string;
  search?: string;
  orderby: 'id' | 'url' | 'updated_at';
  order: 'asc' | 'desc';
}

export interface PageOf<T> {
  items: T[];
  total: number;
}

export type SocialPatch = { og?: Record<string, string | null>; twitter?: Record<string, string | null> };

/** Persistence for the API: every method is one statement or one transaction. */
export interface Store {
  readonly db: DatabaseSync;
  transaction<T>(work: () => T): T;
  listSchemas(query: SchemaQuery): PageOf<SchemaRecord>;
  schemasByUrl(url: string): SchemaRecord[];
  schemasByIds(ids: number[] | undefined): SchemaRecord[];
  getSchema(id: number): SchemaRecord | undefined;
  createSchema(input: SchemaInput): SchemaRecord;
  updateSchema(id: number, input: SchemaInput): SchemaRecord;
  deleteSchema(id: number): void;
  getMeta(url: string): MetaTags;
  listMeta(page: number, perPage: number): PageOf<MetaTags>;
  setMeta(url: string, fields: Partial<Record<MetaField, string | null>>): MetaTags;
  getSocial(url: string): SocialTags;
  listSocial(page: number, perPage: number): PageOf<SocialTags>;
  setSocial(url: string, patch: SocialPatch): SocialTags;
  close(): void;
}

/** ISO 8601 in UTC, to the second, as the API's records carry it. */
export function now(): string {
  return new Date().toISOString().replace(/\.\d{3}Z$/, 'Z');
}

type Row = Record<string, SQLInputValue>;

function toRecord(row: Row): SchemaRecord {
  return {
    id: Number(row.id),
    url: String(row.url),
    schema_type: String(row.schema_type),
    schema_name: String(row.schema_name),
    schema_data: String(row.schema_data),
    is_active: row.is_active === 1,
    created_at: String(row.created_at),
    updated_at: String(row.updated_at),
  };
}

function toMeta(url: string, row: Row | undefined): MetaTags {
  const tags = { url } as MetaTags;
  for (const field of metaFields) tags[field] = (row?.[field] as string | null | undefined) ?? null;
  return tags;
}

function toSocial(url: string, json: string | undefined): SocialTags {
  const stored = json ? (JSON.parse(json) as SocialPatch) : {};
  const pick = (fields: readonly string[], from: Record<string, string | null> | undefined) =>
    Object.fromEntries(fields.map((field) => [field, from?.[field] ?? null]));
  return {
    url,
    og: pick(ogFields, stored.og) as SocialTags['og'],
    twitter: pick(twitterFields, stored.twitter) as SocialTags['twitter'],
  };
}

/** `null` and `""` clear a field; `undefined` leaves it as it was. */
function merge<T extends Record<string, string | null>>(
  base: T,
  patch: Record<string, string | null> = {},
): T {
  const out: Record<string, string | null> = { ...base };
  for (const [key, value] of Object.entries(patch)) {
    if (value !== undefined) out[key] = value === '' ? null : value;
  }
  return out as T;
}

// Tags are kept once per URL, and found under it in any case of its ASCII letters, as WordPress finds them;
// should two rows differ only in case, the first in the order of the list (GET /meta) is the one.
const oneUrl = 'url = ? COLLATE NOCASE ORDER BY url LIMIT 1';

const orderColumns = { id: 'id', url: 'url, id', updated_at: 'updated_at, id' } as const;

/**
 * Opens the store at `path` (a file, or ':memory:').
 *
 * @example const store = createStore(':memory:'); store.createSchema({ url, schema_type, ... });
 */
export function createStore(path: string): Store {
  const db = openDatabase(path);
  const statements = {
    byUrl: db.prepare('SELECT * FROM schemas WHERE url = ? COLLATE NOCASE AND is_active = 1 ORDER BY id'),
    byId: db.prepare('SELECT * FROM schemas WHERE id = ?'),
    all: db.prepare('SELECT * FROM schemas ORDER BY id'),
    insert: db.prepare(
      `INSERT INTO schemas (url, schema_type, schema_name, schema_data, is_active, created_at, updated_at)
       VALUES (?, ?, ?, ?, ?, ?, ?) RETURNING *`,
    ),
    update: db.prepare(
      `UPDATE schemas SET url = ?, schema_type = ?, schema_name = ?, schema_data = ?, is_active = ?, updated_at = ?
       WHERE id = ? RETURNING *`,
    ),
    delete: db.prepare('DELETE FROM schemas WHERE id = ?'),
    meta: db.prepare(`SELECT * FROM meta WHERE ${oneUrl}`),
    metaPage: db.prepare('SELECT * FROM meta ORDER BY url LIMIT ? OFFSET ?'),
    metaCount: db.prepare('SELECT count(*) AS n FROM meta'),
    metaUpsert: db.prepare(
      `INSERT INTO meta (url, ${metaFields.join(', ')}, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?)
       ON CONFLICT (url) DO UPDATE SET ${metaFields.map((f) => `${f} = excluded.${f}`).join(', ')},
       updated_at = excluded.updated_at`,
    ),
    social: db.prepare(`SELECT url, tags FROM social WHERE ${oneUrl}`),
    socialPage: db.prepare('SELECT url, tags FROM social ORDER BY url LIMIT ? OFFSET ?'),
    socialCount: db.prepare('SELECT count(*) AS n FROM social'),
    socialUpsert: db.prepare(
      `INSERT INTO social (url, tags, updated_at) VALUES (?, ?, ?)
       ON CONFLICT (url) DO UPDATE SET tags = excluded.tags, updated_at = excluded.updated_at`,
    ),
  };
  const transaction = <T>(work: () => T): T => inTransaction(db, work);

  return {
    db,
    transaction,
    listSchemas(query) {
      const where: string[] = [];
      const params: SQLInputValue[] = [];
      if (query.url !== undefined) {
        where.push('url = ? COLLATE NOCASE');
        params.push(query.url);
      }
      if (query.schemaType !== undefined) {
        where.push('schema_type = ?');
        params.push(query.schemaType);
      }
      if (query.search) {
        const pattern = `%${query.search.replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
        where.push(
          "(url LIKE ? ESCAPE '\\' OR schema_name LIKE ? ESCAPE '\\' OR schema_data LIKE ? ESCAPE '\\')",
        );
        params.push(pattern, pattern, pattern);
      }
      const filter = where.length ? `WHERE ${where.join(' AND ')}` : '';
      const direction = query.order === 'desc' ? 'DESC' : 'ASC';
      const order = orderColumns[query.orderby]
        .split(', ')
        .map((column) => `${column} ${direction}`)
        .join(', ');
      // One read transaction so the total and the page agree.
      return transaction(() => {
        const { n } = db.prepare(`SELECT count(*) AS n FROM schemas ${filter}`).get(...params) as {
          n: number;
        };
        const rows = db
          .prepare(`SELECT * FROM schemas ${filter} ORDER BY ${order} LIMIT ? OFFSET ?`)
          .all(...params, query.perPage, (query.page - 1) * query.perPage) as Row[];
        return { items: rows.map(toRecord), total: n };
      });
    },
    schemasByUrl: (url) => (statements.byUrl.all(url) as Row[]).map(toRecord),
    schemasByIds(ids) {
      const rows = statements.all.all() as Row[];
      const wanted = ids ? new Set(ids) : null;
      return rows.map(toRecord).filter((record) => !wanted || wanted.has(record.id));
    },
    getSchema(id) {
      const row = statements.byId.get(id) as Row | undefined;
      return row ? toRecord(row) : undefined;
    },
    createSchema(input) {
      const at = now();
      const row = statements.insert.get(
        input.url,
        input.schema_type,
        input.schema_name,
        input.schema_data,
        input.is_active ? 1 : 0,
        at,
        at,
      ) as Row;
      return toRecord(row);
    },
    updateSchema(id, input) {
      const row = statements.update.get(
        input.url,
        input.schema_type,
        input.schema_name,
        input.schema_data,
        input.is_active ? 1 : 0,
        now(),
        id,
      ) as Row;
      return toRecord(row);
    },
    deleteSchema(id) {
      statements.delete.run(id);
    },
    getMeta: (url) => toMeta(url, statements.meta.get(url) as Row | undefined),
    listMeta(page, perPage) {
      return transaction(() => ({
        items: (statements.metaPage.all(perPage, (page - 1) * perPage) as Row[]).map((row) =>
          toMeta(String(row.url), row),
        ),
        total: (statements.metaCount.get() as { n: number }).n,
      }));
    },
    setMeta(url, fields) {
      return transaction(() => {
        const row = statements.meta.get(url) as Row | undefined;
        const { url: _, ...current } = toMeta(url, row);
        const next = merge(current, fields);
        // The row found is the one written, under the URL it was stored with.
        const stored = row ? String(row.url) : url;
        statements.metaUpsert.run(stored, ...metaFields.map((field) => next[field]), now());
        return { url, ...next };
      });
    },
    getSocial: (url) => toSocial(url, (statements.social.get(url) as { tags: string } | undefined)?.tags),
    listSocial(page, perPage) {
      return transaction(() => ({
        items: (statements.socialPage.all(perPage, (page - 1) * perPage) as Row[]).map((row) =>
          toSocial(String(row.url), String(row.tags)),
        ),
        total: (statements.socialCount.get() as { n: number }).n,
      }));
    },
    setSocial(url, patch) {
      return transaction(() => {
        const row = statements.social.get(url) as { url: string; tags: string } | undefined;
        const current = toSocial(url, row?.tags);
        const next = { og: merge(current.og, patch.og), twitter: merge(current.twitter, patch.twitter) };
        statements.socialUpsert.run(row?.url ?? url, JSON.stringify(next), now());
        return { url, ...next };
      });
    },
    close() {
      if (db.isOpen) db.close();
    },
  };
}
