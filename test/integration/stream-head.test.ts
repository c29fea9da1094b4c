import { describe, expect, it } from 'vitest';
import { rewriteHead } from '../../src/head/index.ts';
import { completeUtf8Length, rewriteHeadOfStream } from '../../src/integration/stream-head.ts';

const tags = [{ key: 'title', html: '<title data-schema-manager>Titré par l’API</title>' }];

/** A stream that gives `pieces` one at a time, recording how many were pulled. */
function source(pieces: Uint8Array[]) {
  const state = { pulled: 0 };
  const stream = new ReadableStream<Uint8Array>({
    pull(controller) {
      const next = pieces[state.pulled++];
      if (next) controller.enqueue(next);
      else controller.close();
    },
  });
  return { stream, state };
}

async function readAll(stream: ReadableStream<Uint8Array>): Promise<string> {
  return new TextDecoder().decode(new Uint8Array(await new Response(stream).arrayBuffer()));
}

describe('rewriteHeadOfStream', () => {
  it('sends the bytes held for the head before a failure of the page, then fails as the page did', async () => {
    const failure = new Error('the page failed');
    let pulled = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled++ === 0) controller.enqueue(new TextEncoder().encode('<html><head><title>Vieux</title>'));
        else controller.error(failure);
      },
    });
    const reader = rewriteHeadOfStream(failing, async (head) => rewriteHead(head, tags).html).getReader();
    const first = await reader.read();
    expect(new TextDecoder().decode(first.value)).toBe('<html><head><title>Vieux</title>');
    await expect(reader.read()).rejects.toBe(failure);
  });

  it('sends every chunk held for the head before a failure, not only the first', async () => {
    const failure = new Error('the page failed');
    const parts = ['<html><head>', '<meta charset="utf-8">', '<title>Vieux</title>'];
    let pulled = 0;
    const failing = new ReadableStream<Uint8Array>({
      pull(controller) {
        if (pulled < parts.length) controller.enqueue(new TextEncoder().encode(parts[pulled++]!));
        else controller.error(failure);
      },
    });
    const reader = rewriteHeadOfStream(failing, async (head) => rewriteHead(head, tags).html).getReader();
    let sent = '';
    const failedWith = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return null;
        sent += new TextDecoder().decode(value);
      }
    })().catch((error: unknown) => error);
    expect(sent).toBe(parts.join(''));
    expect(failedWith).toBe(failure);
  });

  const page =
    '<html><head><meta charset="utf-8"><title>Vieux</title></head><body><p>Café ☕ 𝄞</p></body></html>';
  const bytes = new TextEncoder().encode(page);

  it.each([1, 2, 3, 7, 64])(
    'gives the same page as rewriting it whole, cut into %i-byte pieces',
    async (size) => {
      const pieces: Uint8Array[] = [];
      for (let at = 0; at < bytes.length; at += size) pieces.push(bytes.slice(at, at + size));
      const out = await readAll(
        rewriteHeadOfStream(source(pieces).stream, async (head) => rewriteHead(head, tags).html),
      );
      expect(out).toBe(rewriteHead(page, tags).html);
    },
  );

  it('sends the head before the rest of the body is read, and passes the body through as it came', async () => {
    const encoder = new TextEncoder();
    const body = [encoder.encode('<p>one</p>'), encoder.encode('<p>two</p>')];
    const { stream, state } = source([encoder.encode('<head><title>T</title></head><body>'), ...body]);
    const reader = rewriteHeadOfStream(stream, async (head) => rewriteHead(head, tags).html).getReader();
    const first = new TextDecoder().decode((await reader.read()).value);
    expect(first).toContain('Titré par l’API');
    expect(first).not.toContain('<p>one</p>');
    expect(state.pulled).toBeLessThanOrEqual(2);
    expect((await reader.read()).value).toBe(body[0]);
  });

  it('passes bytes that are not UTF-8 through as they came, not as U+FFFD', async () => {
    // A Latin-1 page: "café" is 63 61 66 e9, and e9 alone is no UTF-8.
    const latin1 = Uint8Array.from(
      [...'<html><head><title>Caf']
        .map((c) => c.charCodeAt(0))
        .concat(
          [0xe9],
          [...'</title></head><body>caf'].map((c) => c.charCodeAt(0)),
          [0xe9],
        ),
    );
    const out = new Uint8Array(
      await new Response(
        rewriteHeadOfStream(source([latin1]).stream, async (head) => rewriteHead(head, tags).html),
      ).arrayBuffer(),
    );
    expect(out).toEqual(latin1);
  });

  it('keeps a byte-order mark', async () => {
    const withMark = new TextEncoder().encode(`\ufeff${page}`);
    const out = new Uint8Array(
      await new Response(
        rewriteHeadOfStream(source([withMark]).stream, async (head) => rewriteHead(head, tags).html),
      ).arrayBuffer(),
    );
    expect([...out.subarray(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    expect(new TextDecoder().decode(out)).toContain('Titré par l’API');
  });

  it('sends a head that has not ended within maxHeadBytes as it came, without waiting for its end', async () => {
    const encoder = new TextEncoder();
    const opening = encoder.encode('<html><head><title>T</title><script>');
    const filler = encoder.encode(`/*${'q'.repeat(1000)}*/`);
    // A head that never ends: the source keeps an inline script open for as long as it is read.
    const endless = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(opening);
      },
      async pull(controller) {
        await new Promise((resolve) => setTimeout(resolve, 0));
        controller.enqueue(filler);
      },
    });
    const why: string[] = [];
    const reader = rewriteHeadOfStream(endless, async (head) => rewriteHead(head, tags).html, {
      maxHeadBytes: 10_000,
      onUntouched: (reason) => why.push(reason),
    }).getReader();
    const first = await reader.read();
    expect(first.value).toEqual(opening);
    let received = first.value?.length ?? 0;
    while (received < 50_000) received += (await reader.read()).value?.length ?? 0;
    await reader.cancel();
    expect(why).toEqual(['too-long']);
  });

  it('serves the page unchanged when the rewrite fails', async () => {
    const out = await readAll(
      rewriteHeadOfStream(source([bytes]).stream, async () => {
        throw new Error('no answer');
      }),
    );
    expect(out).toBe(page);
  });
});

describe('completeUtf8Length', () => {
  it('leaves out a sequence cut short at the end, and only that', () => {
    const clef = new TextEncoder().encode('a𝄞'); // 1 + 4 bytes
    expect(completeUtf8Length(clef)).toBe(5);
    for (let cut = 2; cut < 5; cut++) expect(completeUtf8Length(clef.subarray(0, cut))).toBe(1);
    expect(completeUtf8Length(new TextEncoder().encode('é'))).toBe(2);
  });
});
