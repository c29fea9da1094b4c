// An in-memory server that answers as API-CONTRACT.md fixes it, for the client's operation tests.
import type { IncomingMessage, ServerResponse } from 'node:http';
import { type LoopbackServer, sendJson, startServer } from '../support/loopback.ts';

export const PREFIX = '/wp-json/schemafy/v1';
export const USER = 'editor';
export const PASSWORD = 'abcd EFGH ijkl MNOP qrst UVWX';

interface StoredRecord {
  id: number;
  url: string;
  schema_type: string;
  schema_name: string;
  schema_data: string;
  is_active: boolean;
  created_at: string;
  updated_at: string;
}

export interface ContractServer extends LoopbackServer {
  baseUrl: string;
  records: StoredRecord[];
}

function authorised(req: IncomingMessage): boolean {
  const expected = `Basic ${Buffer.from(`${USER}:${PASSWORD}`).toString('base64')}`;
  return req.headers.authorization === expected;
}

function paged<T>(res: ServerResponse, items: T[], query: URLSearchParams, path: string): void {
  const perPage = Number(query.get('per_page') ?? 20);
  const page = Number(query.get('page') ?? 1);
  const totalPages = Math.max(1, Math.ceil(items.length / perPage));
  const next = page < totalPages ? `<http://x${PREFIX}${path}?page=${page + 1}>; rel="next"` : '';
  sendJson(res, 200, items.slice((page - 1) * perPage, page * perPage), {
    'x-wp-total': String(items.length),
    'x-wp-totalpages': String(totalPages),
    ...(next ? { link: next } : {}),
  });
}

/** Starts the server with `count` records on https://example.com/page-<n>/. */
export async function startContractServer(count = 3): Promise<ContractServer> {
  const now = '2026-11-21T10:00:00Z';
  const records: StoredRecord[] = Array.from({ length: count }, (_, i) => ({
    id: i + 1,
    url: `https://example.com/page-${i + 1}/`,
    schema_type: 'WebPage',
    schema_name: `Page ${i + 1}`,
    schema_data: JSON.stringify({
      '@context': 'https://schema.org',
      '@type': 'WebPage',
      name: `Page ${i + 1}`,
    }),
    is_active: true,
    created_at: now,
    updated_at: now,
  }));
  const meta = new Map<string, Record<string, string | null>>();
  const social = new Map<string, { og: Record<string, string>; twitter: Record<string, string> }>();
  let nextId = count + 1;
  const notFound = (res: ServerResponse) =>
    sendJson(res, 404, { code: 'not_found', message: 'No such schema', data: { status: 404 } });

  const server = await startServer((req, res, text) => {
    const url = new URL(req.url ?? '/', 'http://x');
    if (!url.pathname.startsWith(PREFIX))
      return sendJson(res, 404, { code: 'rest_no_route', message: 'No route' });
    const path = url.pathname.slice(PREFIX.length);
    const body = text ? JSON.parse(text) : {};
    const method = req.method;
    if (path === '' && method === 'GET') {
      const routes = [
        '/schemas',
        '/schemas/(?P<id>[\\d]+)',
        '/schemas-by-url',
        '/meta',
        '/social',
        '/scan',
        '/validate',
        '/bulk',
      ];
      return sendJson(res, 200, {
        namespace: 'schemafy/v1',
        routes: Object.fromEntries(routes.map((r) => [`/schemafy/v1${r}`, {}])),
      });
    }
    if (path === '/schemas-by-url') {
      return sendJson(
        res,
        200,
        records.filter((r) => r.url === url.searchParams.get('url') && r.is_active),
      );
    }
    if (!authorised(req)) {
      return sendJson(res, 401, {
        code: 'rest_forbidden',
        message: 'Sorry, you are not allowed to do that.',
        data: { status: 401 },
      });
    }
    const idMatch = /^\/schemas\/(\d+)$/.exec(path);
    if (path === '/schemas' && method === 'GET') return paged(res, records, url.searchParams, path);
    if (path === '/schemas' && method === 'POST') {
      const record = {
        ...body,
        id: nextId++,
        is_active: body.is_active ?? true,
        created_at: now,
        updated_at: now,
      };
      records.push(record);
      return sendJson(res, 201, record);
    }
    if (idMatch) {
      const index = records.findIndex((r) => r.id === Number(idMatch[1]));
      if (index < 0) return notFound(res);
      if (method === 'GET') return sendJson(res, 200, records[index]);
      if (method === 'PUT') {
        records[index] = { ...records[index]!, ...body };
        return sendJson(res, 200, records[index]);
      }
      if (method === 'DELETE') {
        const [previous] = records.splice(index, 1);
        return sendJson(res, 200, { deleted: true, previous });
      }
    }
    if (path === '/meta' || path === '/social') {
      const store = path === '/meta' ? meta : social;
      const empty =
        path === '/meta'
          ? { title: null, description: null, robots: null, canonical: null, keywords: null }
          : { og: {}, twitter: {} };
      if (method === 'POST') {
        const { url: page, ...fields } = body;
        const stored = { ...empty, ...(store.get(page) as object), ...fields };
        store.set(page, stored as never);
        return sendJson(res, 200, { url: page, ...stored });
      }
      const page = url.searchParams.get('url');
      if (page) return sendJson(res, 200, { url: page, ...empty, ...(store.get(page) as object) });
      return paged(
        res,
        [...store].map(([u, v]) => ({ url: u, ...v })),
        url.searchParams,
        path,
      );
    }
    if (path === '/scan') {
      return sendJson(res, 200, {
        scanned: body.urls?.length ?? 0,
        created: 0,
        updated: 0,
        skipped: 0,
        errors: [],
        schemas: (body.urls ?? []).map((u: string) => ({
          url: u,
          schema_type: 'WebPage',
          schema_name: u,
          schema_data: JSON.stringify({ '@context': 'https://schema.org', '@type': 'WebPage' }),
        })),
      });
    }
    if (path === '/validate') {
      const valid = typeof body.schema_data === 'object' || /@type/.test(String(body.schema_data));
      const errors = valid ? [] : [{ path: '$', code: 'missing_type', message: '@type is missing' }];
      return sendJson(res, 200, { valid, errors, warnings: [] });
    }
    if (path === '/bulk') {
      return sendJson(res, 200, {
        action: body.action,
        dry_run: body.dry_run ?? false,
        affected: 1,
        items: [{ id: 1, url: records[0]?.url, change: 'context set to https' }],
        errors: [],
      });
    }
    return sendJson(res, 404, {
      code: 'rest_no_route',
      message: 'No route was found matching the URL and request method.',
    });
  });
  return Object.assign(server, { baseUrl: server.url + PREFIX, records });
}
