import { portFromEnv, runSimulatorProcess, wholeNumberFromEnv } from '../simulator-kit/process';
import { defaultMessageSizeLimitBytes } from './sink';
import { startMailSink } from './simulator';

// The mail sink as a process: MAIL_SINK_SMTP_PORT and MAIL_SINK_HTTP_PORT (0 or absent: any free port, logged),
// MAIL_SINK_HOST (default loopback), MAIL_SINK_DIR (where each message is also written as an .eml file; absent: memory
// only), MAIL_SINK_SIZE_LIMIT_BYTES (default 1 MiB), LOG_LEVEL. Logs are JSON lines on stdout.

runSimulatorProcess('mail-sink', 'SMTP sink', async (logger) => {
  const emlDir = process.env.MAIL_SINK_DIR || undefined;
  const running = await startMailSink(
    {
      logger,
      emlDir,
      sizeLimitBytes: wholeNumberFromEnv('MAIL_SINK_SIZE_LIMIT_BYTES', defaultMessageSizeLimitBytes, 100 * defaultMessageSizeLimitBytes),
    },
    {
      smtpPort: portFromEnv('MAIL_SINK_SMTP_PORT'),
      httpPort: portFromEnv('MAIL_SINK_HTTP_PORT'),
      host: process.env.MAIL_SINK_HOST ?? '127.0.0.1',
    },
  );
  return { running, serving: { smtpUrl: running.smtpUrl, emlDir: emlDir ?? null } };
});
