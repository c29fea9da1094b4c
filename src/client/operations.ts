// The API table: each operation's method, route and the capability it needs (used in hints).

export type Capability = 'edit_posts' | 'manage_options' | 'none';

export const OPERATIONS = {
  'schemas.list': { method: 'GET', route: '/schemas', capability: 'edit_posts' },
  'schemas.get': { method: 'GET', route: '/schemas/{id}', capability: 'edit_posts' },
  'schemas.create': { method: 'POST', route: '/schemas', capability: 'manage_options' },
  'schemas.update': { method: 'PUT', route: '/schemas/{id}', capability: 'manage_options' },
  'schemas.delete': { method: 'DELETE', route: '/schemas/{id}', capability: 'manage_options' },
  schemasByUrl: { method: 'GET', route: '/schemas-by-url', capability: 'none' },
  'meta.get': { method: 'GET', route: '/meta', capability: 'manage_options' },
  'meta.list': { method: 'GET', route: '/meta', capability: 'manage_options' },
  'meta.set': { method: 'POST', route: '/meta', capability: 'manage_options' },
  'social.get': { method: 'GET', route: '/social', capability: 'manage_options' },
  'social.list': { method: 'GET', route: '/social', capability: 'manage_options' },
  'social.set': { method: 'POST', route: '/social', capability: 'manage_options' },
  scan: { method: 'POST', route: '/scan', capability: 'manage_options' },
  validate: { method: 'POST', route: '/validate', capability: 'edit_posts' },
  bulk: { method: 'POST', route: '/bulk', capability: 'manage_options' },
  probe: { method: 'GET', route: '', capability: 'none' },
} as const satisfies Record<string, { method: HttpMethod; route: string; capability: Capability }>;

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'OPTIONS';
export type OperationName = keyof typeof OPERATIONS;
