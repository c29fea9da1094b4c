// Record ids are checked before a request: a WordPress route only matches digits, so anything else would
// come back as "no route" and read as a missing plugin.
import { ApiError, CLIENT_ERROR_CODES } from './errors.ts';

/**
 * The id as a positive integer, or an `invalid_argument` ApiError naming the operation and the value.
 *
 * @example recordId('12', 'schemas.get') // 12
 */
export function recordId(id: unknown, operation: string): number {
  const value = typeof id === 'string' && /^\s*\d+\s*$/.test(id) ? Number(id) : id;
  if (typeof value === 'number' && Number.isSafeInteger(value) && value > 0) return value;
  throw new ApiError({
    status: null,
    code: CLIENT_ERROR_CODES.invalidArgument,
    serverMessage: `id must be a positive integer, got ${JSON.stringify(id) ?? String(id)}`,
    operation,
    method: '-',
    url: '',
    hint: 'pass the numeric id of a schema record (SchemaRecord.id)',
  });
}
