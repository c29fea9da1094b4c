// Pages planned and staged on a thread of their own while Astro renders on the main one: validation, head
// rewriting and file work then cost Astro's rendering nothing on a machine with a core to spare.
import { Worker } from 'node:worker_threads';
import { type PageJob, type PageJobResult, planAndStage } from './plan-and-stage.ts';

export interface StagingThread {
  run(job: PageJob): Promise<PageJobResult>;
  /** Why the thread itself failed (it failed to start, or it died), as opposed to one job; null while it works. */
  broken(): Error | null;
  /** Ends the thread; jobs still running are rejected. */
  close(): Promise<void>;
}

type Answer = { id: number; result: PageJobResult } | { id: number; error: string };

/** The worker module beside this one, from source (.ts) or from dist (.js). */
function workerModule(): URL {
  const extension = import.meta.url.endsWith('.ts') ? 'ts' : 'js';
  return new URL(`./staging-worker.${extension}`, import.meta.url);
}

/**
 * Starts the staging thread; jobs are answered in any order.
 *
 * @example const thread = startStagingThread(); const { plan, staged } = await thread.run(job); await thread.close();
 */
export function startStagingThread(): StagingThread {
  const worker = new Worker(workerModule());
  // The thread never keeps a finished build's process alive.
  worker.unref();
  const waiting = new Map<
    number,
    { resolve: (result: PageJobResult) => void; reject: (error: Error) => void }
  >();
  let next = 0;
  let ended: Error | null = null;
  const endAll = (error: Error) => {
    ended ??= error;
    for (const { reject } of waiting.values()) reject(error);
    waiting.clear();
  };
  worker.on('message', (answer: Answer) => {
    const job = waiting.get(answer.id);
    waiting.delete(answer.id);
    if ('result' in answer) job?.resolve(answer.result);
    else job?.reject(new Error(answer.error));
  });
  let closing = false;
  worker.on('error', endAll);
  worker.on('exit', (code) => {
    if (!closing) endAll(new Error(`the staging thread exited with code ${code}`));
  });
  return {
    run(job) {
      if (ended) return Promise.reject(ended);
      const id = next++;
      return new Promise((resolve, reject) => {
        waiting.set(id, { resolve, reject });
        worker.postMessage({ id, job });
      });
    },
    broken: () => ended,
    async close() {
      closing = true;
      await worker.terminate();
      endAll(new Error('the staging thread was closed'));
    },
  };
}

export interface StagingRunner {
  /** Plans and stages one page on the staging thread; should the thread fail, on this one. */
  run(job: PageJob): Promise<PageJobResult>;
  close(): Promise<void>;
}

/**
 * The staging thread with its fallback: a thread that fails is said once through `warn`, and its jobs, and
 * every later one, run on this thread. A job that failed on a working thread runs here again, so its error
 * is the one the caller sees.
 *
 * @example const runner = stagingRunner((line) => logger.warn(line)); const { plan } = await runner.run(job);
 */
export function stagingRunner(warn: (line: string) => void): StagingRunner {
  const thread = startStagingThread();
  let warned = false;
  return {
    async run(job) {
      if (thread.broken() === null) {
        try {
          return await thread.run(job);
        } catch {
          // Said below when the thread itself failed; a failed job is simply run again here.
        }
      }
      const broken = thread.broken();
      if (broken && !warned) {
        warned = true;
        warn(`The staging thread failed (${broken.message}); pages are staged on Astro's thread instead.`);
      }
      return planAndStage(job);
    },
    close: () => thread.close(),
  };
}
