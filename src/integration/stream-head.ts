// A page's head rewritten as the response streams: the bytes are held only until the head is over (the body has
// started), the rewritten head goes out, and every later chunk passes through untouched, so a page whose body
// renders slowly still sends its head (and its first bytes) as soon as the head is known.
import { watchHeadEnd } from '../head/index.ts';

/** Rewrites a complete head (plus whatever of the body came with it); never throws (the caller keeps the page). */
export type HeadRewrite = (prefix: string) => Promise<string>;

/**
 * @example
 * new Response(rewriteHeadOfStream(response.body, async (head) => rewriteHead(head, tags).html), response)
 */
export function rewriteHeadOfStream(
  body: ReadableStream<Uint8Array | string>,
  rewrite: HeadRewrite,
): ReadableStream<Uint8Array> {
  const watch = watchHeadEnd();
  const decoder = new TextDecoder();
  const encoder = new TextEncoder();
  const held: Uint8Array[] = [];
  let passing = false;

  /** The held bytes, the head rewritten; an incomplete UTF-8 sequence at the end goes out as it came. */
  const release = async (controller: TransformStreamDefaultController<Uint8Array>): Promise<void> => {
    passing = true;
    const bytes = concat(held);
    held.length = 0;
    const cut = completeUtf8Length(bytes);
    const prefix = new TextDecoder().decode(bytes.subarray(0, cut));
    let out: string;
    try {
      out = await rewrite(prefix);
    } catch {
      out = prefix; // A page is better served without its schemas than not at all.
    }
    controller.enqueue(encoder.encode(out));
    if (cut < bytes.length) controller.enqueue(bytes.subarray(cut));
  };

  return body.pipeThrough(
    new TransformStream<Uint8Array | string, Uint8Array>({
      async transform(chunk, controller) {
        const bytes = typeof chunk === 'string' ? encoder.encode(chunk) : chunk;
        if (passing) {
          controller.enqueue(bytes);
          return;
        }
        held.push(bytes);
        if (watch.write(decoder.decode(bytes, { stream: true }))) await release(controller);
      },
      async flush(controller) {
        // A page that is all head (or empty) is rewritten whole.
        if (!passing) await release(controller);
      },
    }),
  );
}

function concat(chunks: Uint8Array[]): Uint8Array {
  if (chunks.length === 1) return chunks[0] as Uint8Array;
  const out = new Uint8Array(chunks.reduce((sum, chunk) => sum + chunk.length, 0));
  let at = 0;
  for (const chunk of chunks) {
    out.set(chunk, at);
    at += chunk.length;
  }
  return out;
}

/** The length of `bytes` without a UTF-8 sequence cut short at its end. */
export function completeUtf8Length(bytes: Uint8Array): number {
  for (let back = 1; back <= Math.min(4, bytes.length); back++) {
    const byte = bytes[bytes.length - back] as number;
    if ((byte & 0xc0) === 0x80) continue; // a continuation byte: its lead is further back
    const needed = byte >= 0xf0 ? 4 : byte >= 0xe0 ? 3 : byte >= 0xc0 ? 2 : 1;
    return needed > back ? bytes.length - back : bytes.length;
  }
  return bytes.length;
}
