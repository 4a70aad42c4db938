// A container's health check (infra/images/service/Dockerfile): exit 0 when HEALTHCHECK_URL answers 200 within 3 s,
// else 1 with the reason. Without HEALTHCHECK_URL, the process's own GET /metrics on METRICS_PORT: it answers while the
// process runs and its event loop turns. The gateway's compose entry names its /healthz, which asks every service.

const url = process.env.HEALTHCHECK_URL ?? `http://127.0.0.1:${process.env.METRICS_PORT ?? 9464}/metrics`;

fetch(url, { signal: AbortSignal.timeout(3_000) }).then(
  (res) => {
    if (res.status === 200) process.exit(0);
    process.stderr.write(`${url}: HTTP ${res.status}\n`);
    process.exit(1);
  },
  (error: unknown) => {
    process.stderr.write(`${url}: ${(error as Error).message}\n`);
    process.exit(1);
  },
);
