import { openApiDocument } from './document';

process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
