// A loopback delay line in front of the reference server, as a CMS across the internet is: every byte from the
// client reaches the server half the round trip later, and every byte back takes the other half, so each
// request costs one round trip of `delayMs` on top of the server's own time. It works on TCP, not HTTP: an
// HTTP proxy on the bench's one event loop parses and re-sends every request, which a network does not (with
// no delay at all, an HTTP proxy here added about 6 ms to each round of eight requests). It counts the requests
// and the answer bytes it carries, so the benchmark's figures are counted here, not taken from anyone's report.
// Timers fire late (by a millisecond or so, more on a busy machine), so it also measures how long it really
// held the bytes: that, not the delay asked for, is the network's latency in the benchmark's bounds.
import { connect, createServer, type Socket } from 'node:net';

export interface LatencyProxy {
  /** The target's URL with the proxy's origin, e.g. `http://127.0.0.1:PORT/wp-json/schemafy/v1`. */
  url: string;
  /** Requests seen since the last `reset()`. */
  requests(): number;
  /** Bytes the server sent back (headers and bodies) since the last `reset()`. */
  responseBytes(): number;
  /**
   * The round trip the line really added since the last `reset()`: how long it held a chunk on its way to the
   * server plus how long on its way back, each a mean over the chunks carried; null before any went both ways.
   */
  roundTripMs(): number | null;
  /**
   * From the request numbered `from` (0 for the first since the last `reset()`) reaching the line to the last
   * answer byte leaving it: how long those requests kept the API busy; null if there were not that many.
   */
  spanMs(from: number): number | null;
  reset(): void;
  close(): Promise<void>;
}

// An HTTP/1.1 request line: after a line break (the stream's start counts as one). Request bodies here are
// JSON, which never holds a line break followed by a request line.
const REQUEST_LINE = /\r\n(?:GET|HEAD|POST|PUT|PATCH|DELETE|OPTIONS) \S+ HTTP\/1\.[01](?=\r\n)/g;

/** Counts request lines in one direction of a connection; a line cut between two chunks is counted once. */
function requestCounter(onRequest: () => void): (chunk: Buffer) => void {
  let carry = '\r\n';
  return (chunk) => {
    const text = carry + chunk.toString('latin1');
    let lastEnd = 0;
    for (const match of text.matchAll(REQUEST_LINE)) {
      onRequest();
      lastEnd = (match.index ?? 0) + match[0].length;
    }
    // What may begin a request line the next chunk completes: from the last line break not yet counted.
    const from = text.lastIndexOf('\r');
    carry = from >= lastEnd ? text.slice(from, from + 16_384) : '';
  };
}

/**
 * Starts a delay line on 127.0.0.1 that forwards to `target`'s host and port (its path is kept in `url`),
 * adding `delayMs` to every round trip.
 *
 * @example const proxy = await startLatencyProxy('http://127.0.0.1:4000/wp-json/schemafy/v1', 20);
 */
export async function startLatencyProxy(target: string, delayMs: number): Promise<LatencyProxy> {
  const upstream = new URL(target);
  const half = delayMs / 2;
  const sockets = new Set<Socket>();
  let count = 0;
  let bytes = 0;
  let requestTimes: number[] = [];
  let lastAnswerAt = 0;
  const held = { toServer: { ms: 0, chunks: 0 }, toClient: { ms: 0, chunks: 0 } };

  // Timers of one duration fire in the order they were set: bytes keep their order.
  const delayed = (
    from: Socket,
    to: Socket,
    hold: { ms: number; chunks: number },
    onChunk?: (chunk: Buffer) => void,
    onSent?: () => void,
  ) => {
    from.on('data', (chunk: Buffer) => {
      onChunk?.(chunk);
      const received = performance.now();
      setTimeout(() => {
        hold.ms += performance.now() - received;
        hold.chunks++;
        if (!to.destroyed) to.write(chunk);
        onSent?.();
      }, half);
    });
    from.on('end', () => setTimeout(() => to.end(), half));
    from.on('close', () => setTimeout(() => to.destroy(), half));
    from.on('error', () => undefined);
  };

  const server = createServer((client) => {
    const server = connect(Number(upstream.port), upstream.hostname);
    for (const socket of [client, server]) {
      socket.setNoDelay(true);
      sockets.add(socket);
      socket.on('close', () => sockets.delete(socket));
    }
    delayed(
      client,
      server,
      held.toServer,
      requestCounter(() => {
        count++;
        requestTimes.push(performance.now());
      }),
    );
    delayed(
      server,
      client,
      held.toClient,
      (chunk) => {
        bytes += chunk.length;
      },
      () => {
        lastAnswerAt = performance.now();
      },
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    url: `http://127.0.0.1:${port}${upstream.pathname.replace(/\/$/, '')}`,
    requests: () => count,
    responseBytes: () => bytes,
    roundTripMs: () => {
      const { toServer, toClient } = held;
      if (toServer.chunks === 0 || toClient.chunks === 0) return null;
      return toServer.ms / toServer.chunks + toClient.ms / toClient.chunks;
    },
    spanMs: (from) => {
      const first = requestTimes[from];
      return first === undefined || lastAnswerAt < first ? null : lastAnswerAt - first;
    },
    reset: () => {
      count = 0;
      bytes = 0;
      requestTimes = [];
      lastAnswerAt = 0;
      for (const hold of [held.toServer, held.toClient]) {
        hold.ms = 0;
        hold.chunks = 0;
      }
    },
    close: () =>
      new Promise<void>((resolve) => {
        for (const socket of sockets) socket.destroy();
        server.close(() => resolve());
      }),
  };
}
