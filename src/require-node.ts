// Imported first by the entry points that need a recent Node.js (the integration, the client, the server): ES
// modules run in import order, so on an older Node this says why before undici or node:sqlite fail.
import { nodeVersionProblem } from './node-version.ts';

const problem = nodeVersionProblem();
if (problem !== null) {
  const error = new Error(problem);
  // The message is the whole story: no stack into this package's loading.
  error.stack = `Error: ${problem}`;
  throw error;
}
