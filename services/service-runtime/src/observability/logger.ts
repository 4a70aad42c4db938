import { context, trace } from '@opentelemetry/api';
import pino from 'pino';

export type Logger = pino.Logger;

/** JSON logs; every line carries the service name and, inside a span, its trace and span ids. */
export const createLogger = (service: string, level = process.env.LOG_LEVEL ?? 'info'): Logger =>
  pino({
    level,
    base: { service, pid: process.pid },
    timestamp: pino.stdTimeFunctions.isoTime,
    mixin() {
      const span = trace.getSpan(context.active());
      if (!span) return {};
      const { traceId, spanId } = span.spanContext();
      return { traceId, spanId };
    },
  });
