import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';

// The XML Schema validator: libxml2 (libxml2-wasm), its schemas compiled once and kept. It runs in a worker thread of
// its own because libxml2-wasm is an ES module that loads its WebAssembly with a top-level await, which neither
// `require` nor the test runner's module system can load; Node imports it natively in the worker. Each check is then
// a message each way and a validation (well under a millisecond), where starting a validator for every message took
// tens of milliseconds of CPU.

export interface SchemaVerdict {
  valid: boolean;
  /** The validator's messages, one per problem. */
  errors: string[];
}

/**
 * The worker: schemas by path, compiled on first use (a schema's includes and imports read from beside it); a document
 * not well-formed is invalid with the parser's messages.
 */
const workerSource = (libxml2Url: string) => `
const { parentPort } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const loading = Promise.all([
  import(${JSON.stringify(libxml2Url)}),
  import(${JSON.stringify(new URL('./nodejs.mjs', libxml2Url).href)}).then((fs) => fs.xmlRegisterFsInputProviders()),
]).then(([libxml2]) => libxml2);
const validators = new Map();
const messagesOf = (error) => (error.details ?? [{ message: error.message }]).map((d) => d.message.trim());
parentPort.on('message', async ({ id, document, schemaPath }) => {
  try {
    const { XmlDocument, XsdValidator } = await loading;
    let validator = validators.get(schemaPath);
    if (!validator) {
      validator = XsdValidator.fromDoc(XmlDocument.fromBuffer(readFileSync(schemaPath), { url: schemaPath }));
      validators.set(schemaPath, validator);
    }
    let parsed;
    try {
      parsed = XmlDocument.fromString(document);
    } catch (error) {
      return parentPort.postMessage({ id, verdict: { valid: false, errors: messagesOf(error) } });
    }
    try {
      validator.validate(parsed);
      parentPort.postMessage({ id, verdict: { valid: true, errors: [] } });
    } catch (error) {
      if (!error.details) throw error;
      parentPort.postMessage({ id, verdict: { valid: false, errors: messagesOf(error) } });
    } finally {
      parsed.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, failure: String(error && error.stack ? error.stack : error) });
  }
});
`;

type Pending = { resolve: (verdict: SchemaVerdict) => void; reject: (error: Error) => void };

let worker: Worker | undefined;
let nextId = 0;
const pending = new Map<number, Pending>();

const failAll = (error: Error) => {
  for (const { reject } of pending.values()) reject(error);
  pending.clear();
  worker = undefined;
};

const started = (): Worker => {
  if (worker) return worker;
  const started = new Worker(workerSource(pathToFileURL(require.resolve('libxml2-wasm')).href), { eval: true });
  started.on('message', ({ id, verdict, failure }: { id: number; verdict?: SchemaVerdict; failure?: string }) => {
    const waiting = pending.get(id);
    if (!waiting) return;
    pending.delete(id);
    if (pending.size === 0) started.unref();
    if (verdict) waiting.resolve(verdict);
    else waiting.reject(new Error(`schema validation failed: ${failure}`));
  });
  started.on('error', (error) => failAll(error));
  started.on('exit', (code) => failAll(new Error(`the schema validator stopped (exit code ${code})`)));
  // Idle, it must not keep a process alive (a test file, a command that has finished its work).
  started.unref();
  worker = started;
  return started;
};

/** Validates a document against the XML Schema at `schemaPath` (an absolute path). */
export const validateAgainst = (document: string, schemaPath: string): Promise<SchemaVerdict> =>
  new Promise((resolve, reject) => {
    const id = nextId++;
    const validator = started();
    pending.set(id, { resolve, reject });
    validator.ref();
    validator.postMessage({ id, document, schemaPath });
  });
