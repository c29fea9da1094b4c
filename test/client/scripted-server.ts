// A server whose answers each test writes as a function of method and path (query included).
import type { IncomingMessage, ServerResponse } from 'node:http';
import { ApiError, type ClientOptions, createClient, type SchemaClient } from '../../src/client/index.ts';
import { type LoopbackServer, startServer } from '../support/loopback.ts';

export const PREFIX = '/wp-json/ns/v1';

export interface Reply {
  status?: number;
  /** A string is sent as is; anything else as JSON. */
  body?: unknown;
  headers?: Record<string, string>;
}

export type Script = (
  route: string,
  req: IncomingMessage,
  res: ServerResponse,
  body: string,
) => Reply | undefined;

export interface Scripted {
  server: LoopbackServer;
  client: SchemaClient;
  close(): Promise<void>;
}

/** Starts a scripted server and a client pointed at its `/wp-json/ns/v1`. */
export async function scripted(script: Script, options: Partial<ClientOptions> = {}): Promise<Scripted> {
  const server = await startServer((req, res, body) => {
    const url = req.url ?? '/';
    const route = url.startsWith(PREFIX)
      ? `${req.method} ${url.slice(PREFIX.length)}`
      : `${req.method} ${url}`;
    const reply = script(route, req, res, body);
    if (!reply) return; // the script answered (or broke the connection) itself
    const isText = typeof reply.body === 'string';
    res.writeHead(reply.status ?? 200, {
      'content-type': isText ? 'text/html; charset=UTF-8' : 'application/json; charset=UTF-8',
      ...reply.headers,
    });
    res.end(isText ? (reply.body as string) : JSON.stringify(reply.body ?? null));
  });
  const client = createClient({ baseUrl: server.url + PREFIX, retryDelayMs: 5, ...options });
  return {
    server,
    client,
    close: async () => {
      await client.close();
      await server.close();
    },
  };
}

export const record = {
  id: 12,
  url: 'https://example.com/blog/hello/',
  schema_type: 'Article',
  schema_name: 'Hello post',
  schema_data: '{"@context":"https://schema.org","@type":"Article","headline":"Hello"}',
  is_active: true,
  created_at: '2026-11-21T10:00:00Z',
  updated_at: '2026-11-21T10:00:00Z',
};

/** The ApiError a call fails with; the test fails if the call succeeds or fails otherwise. */
export async function failure(call: Promise<unknown>): Promise<ApiError> {
  const outcome = await call.then(
    () => new Error('the call succeeded'),
    (error: unknown) => error,
  );
  if (!(outcome instanceof ApiError)) throw outcome;
  return outcome;
}
