// The staging thread: plans a page and stages it from disk, off the thread Astro renders on. Jobs and answers
// are plain data; a failed job answers its error, and the page is done again on the main thread or by the pass.
import { parentPort } from 'node:worker_threads';
import { type PageJob, planAndStage } from './plan-and-stage.ts';

parentPort?.on('message', async ({ id, job }: { id: number; job: PageJob }) => {
  try {
    parentPort?.postMessage({ id, result: await planAndStage(job) });
  } catch (error) {
    parentPort?.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
