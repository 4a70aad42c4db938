import { openApiDocument } from './document';

// A reader that stops early (`| head`) closes the pipe: that is not an error of this command.
process.stdout.on('error', (err: NodeJS.ErrnoException) => process.exit(err.code === 'EPIPE' ? 0 : 1));
process.stdout.write(`${JSON.stringify(openApiDocument(), null, 2)}\n`);
