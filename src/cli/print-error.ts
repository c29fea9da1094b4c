// A failed command as the user reads it: the server's message, where it happened, WordPress's `data.params`
// as `field: reason` lines, and the hint, each once. Recognised by shape so the runner need not load the client.
import { whereOf } from '../client/errors.ts';
import type { ApiError } from '../client/index.ts';

function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && 'serverMessage' in error;
}

/** `field: reason` lines from a WordPress `data.params` object (reasons may be strings or nested objects). */
export function paramLines(params: unknown): string[] {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return [];
  return Object.entries(params as Record<string, unknown>).map(
    ([field, reason]) => `  ${field}: ${typeof reason === 'string' ? reason : JSON.stringify(reason)}`,
  );
}

/**
 * The lines that describe a failure, the first to follow `astro-schema-manager <command>: `.
 *
 * @example describeError(error).join('\n') // "Invalid parameter(s): urls[0] (400 rest_invalid_param at POST …)\n  urls[0]: …"
 */
export function describeError(error: unknown): string[] {
  if (!isApiError(error)) return [error instanceof Error ? error.message : String(error)];
  const where = whereOf(error);
  return [
    `${error.serverMessage} (${where})`,
    ...paramLines(error.details),
    ...(error.hint ? [`Hint: ${error.hint}`] : []),
  ];
}
