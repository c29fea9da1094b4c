// How large a record is on the wire as WordPress answers it: a document that fits in a request can come back
// several times larger, since PHP's json_encode escapes it again as a string inside the record.

/**
 * Bytes of `text` as a JSON string the way PHP's json_encode writes it by default (WordPress's REST answers):
 * `"`, `\` and `/` escaped, each UTF-16 unit outside printable ASCII as `\uXXXX`.
 * @example phpJsonStringBytes('a/é') // 11: "a\/\u00e9"
 */
export function phpJsonStringBytes(text: string): number {
  let bytes = 2;
  for (let i = 0; i < text.length; i++) {
    const unit = text.charCodeAt(i);
    if (unit === 0x22 || unit === 0x5c || unit === 0x2f) bytes += 2;
    else if (unit === 0x08 || unit === 0x09 || unit === 0x0a || unit === 0x0c || unit === 0x0d) bytes += 2;
    else if (unit < 0x20 || unit > 0x7f) bytes += 6;
    else bytes += 1;
  }
  return bytes;
}

// The record's other members (id, type, flags, two dates, the keys themselves), generously.
const RECORD_FRAME_BYTES = 512;

/**
 * A schema record's size as WordPress answers it, its `schema_data` a JSON string inside the record.
 * @example recordWireBytes({ url: 'https://x.dev/', schema_name: 'A', schema_data: '{}' }) // 547
 */
export function recordWireBytes(record: { url: string; schema_name: string; schema_data: string }): number {
  return (
    RECORD_FRAME_BYTES +
    phpJsonStringBytes(record.url) +
    phpJsonStringBytes(record.schema_name) +
    phpJsonStringBytes(record.schema_data)
  );
}
