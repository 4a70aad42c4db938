import { deflateSync } from 'node:zlib';
import type { Caller } from './caller';

// Requesting reports and waiting for them, for the e2e tests of reports and webhooks.

export const demoBranding = { companyName: 'Thameside Lettings & Sales', primaryColour: '#0b6e4f', footerText: 'Prepared for our client.' };

/** A real PNG of `width` × 1 pixels (grey), made by hand: signature, IHDR, one IDAT, IEND, each with its CRC. */
export const tinyPng = (width = 1): Buffer => {
  const crcTable = Array.from({ length: 256 }, (_, n) => {
    let c = n;
    for (let k = 0; k < 8; k++) c = c & 1 ? 0xedb88320 ^ (c >>> 1) : c >>> 1;
    return c >>> 0;
  });
  const crc = (bytes: Buffer) => {
    let c = 0xffffffff;
    for (const b of bytes) c = crcTable[(c ^ b) & 0xff]! ^ (c >>> 8);
    return (c ^ 0xffffffff) >>> 0;
  };
  const chunk = (type: string, data: Buffer) => {
    const body = Buffer.concat([Buffer.from(type, 'ascii'), data]);
    const out = Buffer.alloc(12 + data.length);
    out.writeUInt32BE(data.length, 0);
    body.copy(out, 4);
    out.writeUInt32BE(crc(body), 8 + data.length);
    return out;
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(1, 4);
  header[8] = 8; // bit depth
  header[9] = 0; // greyscale
  const row = Buffer.concat([Buffer.from([0]), Buffer.alloc(width, 0x80)]);
  return Buffer.concat([
    Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    chunk('IHDR', header),
    chunk('IDAT', deflateSync(row)),
    chunk('IEND', Buffer.alloc(0)),
  ]);
};

let keys = 0;
export const newKey = (label = 'report') => `${label}-${process.pid}-${Date.now()}-${keys++}`;

export const requestReport = (caller: Pick<Caller, 'send'>, body: unknown, key = newKey()) =>
  caller.send('POST', '/reports', body, { 'Idempotency-Key': key });

/** Polls the report until it ends (completed or failed), returning every status seen on the way. */
export const untilEnded = async (caller: Pick<Caller, 'get'>, reportId: string, timeoutMs = 60_000) => {
  const seen: string[] = [];
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const r = await caller.get(`/reports/${reportId}`);
    if (r.status !== 200) throw new Error(`report ${reportId}: ${r.status} ${JSON.stringify(r.body)}`);
    const status = r.body.data.status as string;
    if (seen.at(-1) !== status) seen.push(status);
    if (status === 'completed' || status === 'failed') return { report: r.body.data, seen };
    if (Date.now() > deadline) throw new Error(`report ${reportId} still ${status} after ${timeoutMs} ms: ${JSON.stringify(r.body.data)}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
};
