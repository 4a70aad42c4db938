import { billingHeaders, type ErrorBody } from '@pds/contracts';
import type { Server } from 'node:http';
import type { Duplex } from 'node:stream';

// Requests Node's HTTP parser refuses before express sees them: headers over the limit (16 kB in all), or bytes that
// are not HTTP. Node would answer a bare status line; callers get the same envelope as every other error. Nobody is
// known yet (the key is among the headers not read), so only `X-Credits-Charged: 0` is said.

type ParserError = Error & { code?: string };

const answerOf = (error: ParserError): { status: number; reason: string; code: ErrorBody['error']['code']; message: string } =>
  error.code === 'HPE_HEADER_OVERFLOW'
    ? {
        status: 431,
        reason: 'Request Header Fields Too Large',
        code: 'REQUEST_HEADER_FIELDS_TOO_LARGE',
        message: 'The request headers are larger than 16 kB in all; send fewer or shorter headers.',
      }
    : { status: 400, reason: 'Bad Request', code: 'INVALID_PARAMETERS', message: 'The request is not valid HTTP/1.1.' };

export const answerClientErrors = (server: Server) =>
  server.on('clientError', (error: ParserError, socket: Duplex) => {
    // A connection reset or a request timed out has nobody to answer.
    if (error.code === 'ECONNRESET' || !socket.writable) return void socket.destroy();
    const { status, reason, code, message } = answerOf(error);
    const body = JSON.stringify({ success: false, error: { code, message } });
    socket.end(
      `HTTP/1.1 ${status} ${reason}\r\nContent-Type: application/json; charset=utf-8\r\nContent-Length: ${Buffer.byteLength(body)}\r\n` +
        `${billingHeaders.charged}: 0\r\nConnection: close\r\n\r\n${body}`,
    );
  });
