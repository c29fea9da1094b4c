// A failed command as the user reads it: the server's message, where it happened, WordPress's `data.params`
// as `field: reason` lines, and the hint, each once. Recognised by shape so the runner need not load the client.
import { whereOf } from '../client/errors.ts';
import type { ApiError } from '../client/index.ts';
import { printable } from '../printable.ts';

function isApiError(error: unknown): error is ApiError {
  return error instanceof Error && error.name === 'ApiError' && 'serverMessage' in error;
}

/** `field: reason` lines from a WordPress `data.params` object (reasons may be strings or nested objects). */
export function paramLines(params: unknown): string[] {
  if (!params || typeof params !== 'object' || Array.isArray(params)) return [];
  return Object.entries(params as Record<string, unknown>).map(
    ([field, reason]) =>
      `  ${printable(field)}: ${printable(typeof reason === 'string' ? reason : JSON.stringify(reason))}`,
  );
}

/**
 * The lines that describe a failure, the first to follow `astro-schema-manager <command>: `.
 *
 * @example describeError(error).join('\n') // "Invalid parameter(s): urls[0] (400 rest_invalid_param at POST …)\n  urls[0]: …"
 */
export function describeError(error: unknown): string[] {
  // Our own messages may run over lines (a seed file's problems); within a line nothing steers the terminal.
  if (!isApiError(error))
    return (error instanceof Error ? error.message : String(error)).split('\n').map(printable);
  const where = whereOf(error);
  return [
    // The server's words and the address it named: anything a terminal would act on is shown, not obeyed.
    `${printable(error.serverMessage)} (${printable(where)})`,
    ...paramLines(error.details),
    ...(error.hint ? [`Hint: ${error.hint}`] : []),
  ];
}
