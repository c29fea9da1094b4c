// The API's route table, below the prefix. Each entry: methods, path pattern, who may call it, handler.
import type { Route } from './api.ts';
import { bulk } from './handlers/bulk.ts';
import { scan } from './handlers/scan.ts';
import {
  createSchema,
  deleteSchema,
  getSchema,
  listSchemas,
  schemasByUrl,
  updateSchema,
} from './handlers/schemas.ts';
import { getMeta, getSocial, setMeta, setSocial } from './handlers/tags.ts';
import { validate } from './handlers/validate.ts';

const byId = '/schemas/(?P<id>[\\d]+)';

/** The table; `publicSchemaReads` opens GET /schemas/{id} to anonymous callers. */
export function apiRoutes(options: { publicSchemaReads: boolean }): Route[] {
  return [
    { methods: ['GET'], path: '/schemas', access: 'edit_posts', handler: listSchemas },
    { methods: ['POST'], path: '/schemas', access: 'manage_options', handler: createSchema },
    {
      methods: ['GET'],
      path: byId,
      access: options.publicSchemaReads ? 'public' : 'edit_posts',
      handler: getSchema,
    },
    // WordPress's EDITABLE covers POST, PUT and PATCH.
    { methods: ['PUT', 'PATCH', 'POST'], path: byId, access: 'manage_options', handler: updateSchema },
    { methods: ['DELETE'], path: byId, access: 'manage_options', handler: deleteSchema },
    { methods: ['GET'], path: '/schemas-by-url', access: 'public', handler: schemasByUrl },
    { methods: ['GET'], path: '/meta', access: 'manage_options', handler: getMeta },
    { methods: ['POST'], path: '/meta', access: 'manage_options', handler: setMeta },
    { methods: ['GET'], path: '/social', access: 'manage_options', handler: getSocial },
    { methods: ['POST'], path: '/social', access: 'manage_options', handler: setSocial },
    { methods: ['POST'], path: '/scan', access: 'manage_options', handler: scan },
    { methods: ['POST'], path: '/validate', access: 'edit_posts', handler: validate },
    { methods: ['POST'], path: '/bulk', access: 'manage_options', handler: bulk },
  ];
}

export interface CompiledRoute extends Route {
  pattern: RegExp;
}

export function compileRoutes(routes: Route[]): CompiledRoute[] {
  return routes.map((route) => ({
    ...route,
    // WordPress matches a route in any letter case (`@^…$@i`).
    pattern: new RegExp(`^${route.path.replaceAll('(?P<', '(?<')}$`, 'i'),
  }));
}

/** WordPress's namespace index, answered at the prefix itself. */
export function routeIndex(routes: Route[], namespace: string): unknown {
  const index: Record<string, { namespace: string; methods: string[]; endpoints: unknown[] }> = {
    [namespace]: {
      namespace: namespace.slice(1),
      methods: ['GET'],
      endpoints: [{ methods: ['GET'], args: {} }],
    },
  };
  for (const route of routes) {
    const key = namespace + route.path;
    index[key] ??= { namespace: namespace.slice(1), methods: [], endpoints: [] };
    const entry = index[key];
    entry.methods.push(...route.methods);
    entry.endpoints.push({ methods: route.methods, args: {} });
  }
  return { namespace: namespace.slice(1), routes: index };
}
