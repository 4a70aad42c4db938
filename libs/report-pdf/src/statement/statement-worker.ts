import { isMainThread } from 'node:worker_threads';
import { serveRenders } from '../worker-loop';
import { renderStatement } from './render-statement';

// The render worker for monthly statements (see worker-loop.ts for what it answers).

if (!isMainThread) serveRenders(renderStatement);
