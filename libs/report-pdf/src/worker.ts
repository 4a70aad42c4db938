import { isMainThread } from 'node:worker_threads';
import { renderReport } from './render-report';
import { serveRenders } from './worker-loop';

// The render worker for information packs (see worker-loop.ts for what it answers).

if (!isMainThread) serveRenders(renderReport);
