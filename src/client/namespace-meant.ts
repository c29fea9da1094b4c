// Which namespace of a WordPress site's REST index the API is at, when the address names one the site lacks.
import { suggestName } from '../did-you-mean.ts';

/** The API's own route: a namespace that has it is the plugin's, whatever its name. */
const API_ROUTE = '/schemas-by-url';

/**
 * The namespace meant by `typed`, read from the site's REST index (`{ namespaces, routes }`): the one whose
 * routes include the API's own (`/schemafy/v1/schemas-by-url`), else a listed one spelt near it; null when
 * the index names neither (the plugin is inactive, or the index is not readable).
 *
 * @example namespaceMeant({ namespaces: ['wp/v2', 'schemafy/v1'], routes: {} }, 'schemafi/v1') // 'schemafy/v1'
 */
export function namespaceMeant(index: unknown, typed: string): string | null {
  if (!index || typeof index !== 'object') return null;
  const { namespaces, routes } = index as { namespaces?: unknown; routes?: unknown };
  const listed = Array.isArray(namespaces)
    ? namespaces.filter((name): name is string => typeof name === 'string' && name !== typed)
    : [];
  const routeKeys = routes && typeof routes === 'object' ? Object.keys(routes) : [];
  const withApi = listed.filter((name) => routeKeys.includes(`/${name}${API_ROUTE}`));
  if (withApi.length === 1) return withApi[0]!;
  return suggestName(typed, withApi.length > 1 ? withApi : listed);
}
