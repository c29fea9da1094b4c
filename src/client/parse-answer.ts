// Checks an answer against its wire shape; a mismatch is an ApiError naming the fields.
import { z } from 'zod';
import { ApiError, CLIENT_ERROR_CODES } from './errors.ts';
import type { HttpMethod } from './operations.ts';
import type { Answer } from './transport.ts';

/**
 * The answer's value in its normalised shape, or an `invalid_response` ApiError.
 *
 * @example
 * parseAnswer(schemaRecord, answer, 'schemas.get', 'GET')
 */
export function parseAnswer<S extends z.ZodType>(
  shape: S,
  answer: Answer,
  operation: string,
  method: HttpMethod,
  value: unknown = answer.value,
): z.output<S> {
  const parsed = shape.safeParse(value);
  if (parsed.success) return parsed.data;
  throw new ApiError({
    status: answer.status,
    code: CLIENT_ERROR_CODES.invalidResponse,
    serverMessage: `the answer does not have the expected shape: ${z.prettifyError(parsed.error).slice(0, 400)}`,
    operation,
    method,
    url: answer.url,
    hint: 'the server speaks another version of the API, or baseUrl points at another API',
    redact: answer.redact,
  });
}
