// Failures as WordPress sends them: `{ code, message, data: { status, ... } }`.

/** A failure a handler throws; the HTTP layer turns it into the WordPress error body. */
export class ApiFailure extends Error {
  readonly status: number;
  readonly code: string;
  readonly data: Record<string, unknown>;
  readonly headers: Record<string, string>;

  constructor(
    status: number,
    code: string,
    message: string,
    data: Record<string, unknown> = {},
    headers: Record<string, string> = {},
  ) {
    super(message);
    this.status = status;
    this.code = code;
    this.data = data;
    this.headers = headers;
  }

  toBody(): { code: string; message: string; data: Record<string, unknown> } {
    return { code: this.code, message: this.message, data: { status: this.status, ...this.data } };
  }
}

/**
 * 400 naming each bad field and why: `invalidParams({ per_page: 'must be between 1 and 100' })`. As WordPress
 * (5.7 and later) answers it: `params` by field, and `details` with each field's own error.
 */
export function invalidParams(params: Record<string, string>): ApiFailure {
  const names = Object.keys(params).join(', ');
  const details = Object.fromEntries(
    Object.entries(params).map(([name, message]) => [
      name,
      { code: 'rest_invalid_param', message: `${name} ${message}`, data: null },
    ]),
  );
  return new ApiFailure(400, 'rest_invalid_param', `Invalid parameter(s): ${names}`, { params, details });
}

export function missingParams(names: string[]): ApiFailure {
  return new ApiFailure(400, 'rest_missing_callback_param', `Missing parameter(s): ${names.join(', ')}`, {
    params: names,
  });
}

export function notFound(what: string): ApiFailure {
  return new ApiFailure(404, 'not_found', `${what} does not exist.`);
}

export function noRoute(): ApiFailure {
  return new ApiFailure(404, 'rest_no_route', 'No route was found matching the URL and request method.');
}
