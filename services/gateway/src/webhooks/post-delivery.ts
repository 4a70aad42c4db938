import type { LookupFunction } from 'node:net';
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { rootCertificates } from 'node:tls';
import type { ResolvedAddress } from './target-guard';

// One attempt's POST, to the address the guard checked: the connection's lookup answers that address whatever the
// name, while the Host header and TLS (SNI and the certificate's name) keep the name. No redirect is followed (a 3xx
// is an answer like any other non-2xx), and the answer's body is read no further than a few kilobytes, then dropped.

export interface PostRequest {
  url: URL;
  address: ResolvedAddress;
  headers: Record<string, string>;
  body: string;
  timeoutMs: number;
  /** A CA to trust besides the system's. */
  extraCa?: Buffer;
}

export type PostOutcome = { statusCode: number } | { error: string };

const answerBytesMax = 4096;

const pinnedLookup =
  (pinned: ResolvedAddress): LookupFunction =>
  (_hostname, options, callback) => {
    if (options.all) (callback as (e: null, addresses: ResolvedAddress[]) => void)(null, [pinned]);
    else callback(null, pinned.address, pinned.family);
  };

export const postDelivery = (request: PostRequest): Promise<PostOutcome> =>
  new Promise((resolve) => {
    const { url } = request;
    const host = url.hostname.replace(/^\[|\]$/g, '');
    const secure = url.protocol === 'https:';
    const options: https.RequestOptions = {
      method: 'POST',
      headers: { ...request.headers, 'content-length': String(Buffer.byteLength(request.body)) },
      lookup: pinnedLookup(request.address),
      agent: false,
      ...(secure && isIP(host) === 0 ? { servername: host } : {}),
      ...(secure && request.extraCa ? { ca: [...rootCertificates, request.extraCa.toString('utf8')] } : {}),
    };
    let settled = false;
    const settle = (outcome: PostOutcome) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      resolve(outcome);
    };
    const sent = (secure ? https : http).request(url, options, (answer) => {
      let read = 0;
      answer.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > answerBytesMax) answer.destroy();
      });
      answer.on('error', () => undefined);
      settle({ statusCode: answer.statusCode ?? 0 });
      answer.resume();
    });
    const timer = setTimeout(() => {
      settle({ error: `no answer within ${request.timeoutMs} ms` });
      sent.destroy();
    }, request.timeoutMs);
    sent.on('error', (error: NodeJS.ErrnoException) => settle({ error: error.code ? `${error.code}: ${error.message}` : error.message }));
    sent.end(request.body);
  });
