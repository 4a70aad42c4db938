import { context, trace } from '@opentelemetry/api';
import { contextFromHeaders, counter, preciseNow, secondsHistogram, SpanKind, tracer, type Logger } from '@pds/service-runtime';
import type { NextFunction, Request, Response } from 'express';
import { randomUUID } from 'node:crypto';

export interface RequestLocals {
  requestId: string;
  logger: Logger;
}

const requestIdPattern = /^[A-Za-z0-9._-]{1,100}$/;

const requests = counter({
  name: 'pds_http_requests_total',
  help: 'Requests answered, by operation (its operationId; none when the request reached no operation) and status.',
  labelNames: ['operation', 'status'] as const,
});
const requestSeconds = secondsHistogram({
  name: 'pds_http_request_duration_seconds',
  help: 'Time from a request arriving to its answer being written, by operation.',
  labelNames: ['operation'] as const,
});

/**
 * Gives each request an id (the caller's X-Request-Id when well formed), a logger that carries it, and a server span
 * continuing the caller's W3C trace context; both travel on into Kafka with every command the request sends.
 * `answered` is told of each response once written, with its operation (`none` for a path with none).
 */
export const requestContext =
  (logger: Logger, answered?: (res: Response, operation: string) => void) => (req: Request, res: Response, next: NextFunction) => {
    const given = req.header('x-request-id');
    const requestId = given && requestIdPattern.test(given) ? given : randomUUID();
    const parent = contextFromHeaders(req.headers as Record<string, string | undefined>);
    const span = tracer().startSpan(`${req.method} ${req.path}`, { kind: SpanKind.SERVER, startTime: preciseNow() }, parent);
    const { traceId, spanId } = span.spanContext();
    res.setHeader('X-Request-Id', requestId);
    res.setHeader('traceparent', `00-${traceId}-${spanId}-01`);
    res.locals.requestId = requestId;
    res.locals.logger = logger.child({ requestId, traceId });
    const startedAt = process.hrtime.bigint();
    res.on('finish', () => {
      span.setAttribute('http.status_code', res.statusCode);
      span.end(preciseNow());
      const ms = Number(process.hrtime.bigint() - startedAt) / 1e6;
      const operation = typeof res.locals.operationId === 'string' ? res.locals.operationId : 'none';
      requests.inc({ operation, status: String(res.statusCode) });
      requestSeconds.observe({ operation }, ms / 1000);
      answered?.(res, operation);
      (res.locals.logger as Logger).info({ method: req.method, path: req.path, status: res.statusCode, ms }, 'request');
    });
    context.with(trace.setSpan(parent, span), next);
  };

export const locals = (res: Response) => res.locals as RequestLocals;
