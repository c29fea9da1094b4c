// undici's cache interceptor drops a stored answer when the 304 that revalidates it carries a Cache-Control
// header (nodejs/undici#5505), which RFC 9110 §15.4.5 asks servers to send: every other build then fetched
// every list again in full. Below the cache, this takes Cache-Control off a 304 unless it says `no-store`, so
// the entry the server just confirmed is kept, with the directives of the answer it was stored from (which
// already require revalidation before every use).
import type { Dispatcher } from 'undici';

type Headers = Record<string, string | string[] | undefined>;

/** A 304's headers without Cache-Control, unless it forbids keeping the answer. */
export function withoutCacheControlUpdate(headers: Headers): Headers {
  const value = headers['cache-control'];
  if (value === undefined || /(^|[\s,])no-store([\s,=]|$)/i.test(String(value))) return headers;
  const { 'cache-control': _dropped, ...rest } = headers;
  return rest;
}

/**
 * The interceptor, to compose below `interceptors.cache`.
 *
 * @example agent.compose(retry, keepOnNotModified(), interceptors.cache({ store }))
 */
export function keepOnNotModified(): Dispatcher.DispatcherComposeInterceptor {
  return (dispatch) => (options, handler) =>
    dispatch(options, {
      onRequestStart: (controller, context) => handler.onRequestStart?.(controller, context),
      onRequestUpgrade: (controller, statusCode, headers, socket) =>
        handler.onRequestUpgrade?.(controller, statusCode, headers, socket),
      onResponseStart: (controller, statusCode, headers, statusMessage) =>
        handler.onResponseStart?.(
          controller,
          statusCode,
          statusCode === 304 ? withoutCacheControlUpdate(headers) : headers,
          statusMessage,
        ),
      onResponseData: (controller, chunk) => handler.onResponseData?.(controller, chunk),
      onResponseEnd: (controller, trailers) => handler.onResponseEnd?.(controller, trailers),
      onResponseError: (controller, error) => handler.onResponseError?.(controller, error),
    });
}
