// Starts a reference server on loopback for a test and sends it requests as one of a few known users.
import { createServer, type ServerOptions } from '../../src/server/index.ts';

export const users = {
  admin: {
    name: 'admin',
    password: 'abcd EFGH 1234 ijkl MNOP 5678',
    capabilities: ['manage_options' as const],
  },
  editor: { name: 'editor', password: 'edit-pass', capabilities: ['edit_posts' as const] },
};

export type Who = 'anonymous' | 'badPassword' | 'unknownUser' | keyof typeof users;

function authorization(who: Who): string | undefined {
  const basic = (name: string, password: string) =>
    `Basic ${Buffer.from(`${name}:${password}`).toString('base64')}`;
  if (who === 'anonymous') return undefined;
  if (who === 'badPassword') return basic('admin', 'wrong password');
  if (who === 'unknownUser') return basic('nobody', 'whatever');
  return basic(users[who].name, users[who].password);
}

export interface Answer {
  status: number;
  headers: Headers;
  // biome-ignore lint/suspicious/noExplicitAny: tests read answers by the shape they assert.
  body: any;
}

export interface TestServer {
  baseUrl: string;
  origin: string;
  call(
    method: string,
    route: string,
    options?: { as?: Who; body?: unknown; raw?: string | Uint8Array },
  ): Promise<Answer>;
  close(): Promise<void>;
}

export const document = (type: string, extra: Record<string, unknown> = {}) =>
  JSON.stringify({ '@context': 'https://schema.org', '@type': type, ...extra });

export const schema = (path: string, type = 'WebPage', extra: Record<string, unknown> = {}) => ({
  url: `https://example.com${path}`,
  schema_type: type,
  schema_name: `${type} of ${path}`,
  schema_data: document(type, extra),
});

/** A server with the two test users, listening on a free loopback port. */
export async function startServer(options: ServerOptions = {}): Promise<TestServer> {
  const server = createServer({ users: [users.admin, users.editor], ...options });
  const baseUrl = await server.listen(0);
  return {
    baseUrl,
    origin: new URL(baseUrl).origin,
    async call(method, route, { as = 'admin', body, raw } = {}) {
      const headers: Record<string, string> = {};
      const auth = authorization(as);
      if (auth) headers.authorization = auth;
      const payload = raw ?? (body === undefined ? undefined : JSON.stringify(body));
      if (payload !== undefined) headers['content-type'] = 'application/json';
      const target = route.startsWith('http') ? route : baseUrl + route;
      const response = await fetch(target, { method, headers, body: payload as BodyInit | undefined });
      const text = await response.text();
      return { status: response.status, headers: response.headers, body: text ? JSON.parse(text) : null };
    },
    close: () => server.close(),
  };
}
