import { context, trace } from '@opentelemetry/api';
import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs; every line carries the service name and, inside a span, its trace and span ids. */
export const createLogger = (service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger =>
  pino({
    level,
    base: { service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    // Secrets never reach a log line, whatever object a caller logs: a webhook's signing secret and the keys sealing it.
    // Secrets never reach a log line, even by a mistake elsewhere: the dashboard's passwords, tokens and cookies included.
    redact: {
      paths: [
        'secret',
        '*.secret',
        'sealed',
        '*.sealed',
        'password',
        '*.password',
        'currentPassword',
        'newPassword',
        'token',
        '*.token',
        'cookie',
        'authorization',
        'req.headers.cookie',
        'req.headers.authorization',
      ],
      censor: '[redacted]',
    },
    mixin() {
      const span = trace.getSpan(context.active());
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },
  });
