import type { Express } from 'express';
import type { Server } from 'node:http';

export interface RunningSimulator {
  port: number;
  /** The API root a service is given: http://127.0.0.1:<port><apiPath> */
  url: string;
  server: Server;
  close(): Promise<void>;
}

export interface ListenOptions {
  /** 0: any free port. */
  port: number;
  /** Loopback unless a container network needs more. */
  host: string;
  /** Where the API lives under the origin ('' for the root). */
  apiPath?: string;
}

/** Serves a test environment until closed; closing drops its open connections rather than waiting for them. */
export const listen = async (app: Express, options: ListenOptions): Promise<RunningSimulator> => {
  const server = app.listen(options.port, options.host);
  // Idle keep-alive connections outlive the clients' pools (as the gateway's do), so that a client never sends a
  // request on a connection the server is closing: a test whose event loop was blocked (a synchronous audit run) cannot
  // see Node's 5 s default close one, and its next control call would fail with "other side closed".
  server.keepAliveTimeout = 65_000;
  server.headersTimeout = 66_000;
  await new Promise<void>((resolve, reject) => server.once('listening', resolve).once('error', reject));
  const chosen = (server.address() as { port: number }).port;
  return {
    port: chosen,
    url: `http://127.0.0.1:${chosen}${options.apiPath ?? ''}`,
    server,
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.close((err) => (err ? reject(err) : resolve()));
        server.closeAllConnections();
      }),
  };
};
