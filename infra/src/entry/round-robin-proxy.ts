import { Agent, request, createServer, type IncomingHttpHeaders, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A request body is read whole before it is sent on, so that a refused connection can be tried on the next gateway. */
const bodyMaxBytes = 1_048_576;
/** How long a caller's idle connection is kept open. */
const callerIdleMs = 65_000;
/**
 * A new connection for each request: a kept-alive one that its gateway closed as idle just as a request was sent on it
 * fails like a gateway dying with the request, which the caller would see as a lost call.
 */
const agent = new Agent({ keepAlive: false });
/** Headers of one hop only (RFC 9110 §7.6.1): never passed on. */
const hopByHop = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade', 'te', 'trailer']);

const endToEnd = (headers: IncomingHttpHeaders) => Object.fromEntries(Object.entries(headers).filter(([name]) => !hopByHop.has(name)));

const readBody = async (req: IncomingMessage): Promise<Buffer> => {
  const chunks: Buffer[] = [];
  let bytes = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    bytes += chunk.length;
    if (bytes > bodyMaxBytes) throw new Error(`request body over ${bodyMaxBytes} bytes`);
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
};

/**
 * One entry point in front of several gateways, as a load balancer stands in front of them: each request goes to the
 * next gateway in turn. A gateway that refuses the connection (its process is gone) never saw the request, so the
 * next one is tried; a gateway that dies with the request in its hands is the caller's failure, and the caller's
 * connection is dropped as the gateway's was, never answered by the proxy: no status is made up here.
 */
export class RoundRobinProxy {
  private readonly upstreams: string[] = [];
  private next = 0;
  /** Requests each gateway answered, and those it lost (its connection failed with the request sent), by its URL. */
  readonly sent = new Map<string, number>();
  readonly lost = new Map<string, number>();

  private constructor(private readonly server: Server) {}

  /** Listens on `port` (0: any free one) of `host`, sending requests on to `upstreams` (origins such as `http://10.0.0.5:8080`). */
  static async start(upstreams: string[], port = 0, host = '127.0.0.1'): Promise<RoundRobinProxy> {
    // Callers' idle connections are kept longer than a caller keeps them (undici 4 s, most clients under a minute), as
    // load balancers do: closed here first, one could be closed just as its caller sends on it, and the call be lost.
    const server = createServer({ keepAliveTimeout: callerIdleMs });
    const proxy = new RoundRobinProxy(server);
    server.on('request', (req: IncomingMessage, res: ServerResponse) => void proxy.forward(req, res));
    proxy.replace(upstreams);
    await new Promise<void>((resolve) => server.listen(port, host, resolve));
    return proxy;
  }

  get url(): string {
    return `http://127.0.0.1:${(this.server.address() as AddressInfo).port}`;
  }

  /** Another gateway joins the rotation. */
  add(upstream: string): void {
    if (!this.upstreams.includes(upstream)) this.upstreams.push(upstream);
  }

  /** The rotation becomes `upstreams` (the addresses a name resolves to now, say). */
  replace(upstreams: string[]): void {
    this.upstreams.splice(0, this.upstreams.length, ...new Set(upstreams));
  }

  async stop(): Promise<void> {
    this.server.closeAllConnections();
    await new Promise((resolve) => this.server.close(resolve));
  }

  private async forward(req: IncomingMessage, res: ServerResponse): Promise<void> {
    let body: Buffer;
    try {
      body = await readBody(req);
    } catch {
      req.socket.destroy();
      return;
    }
    // Each gateway at most once, in order from this request's turn (all refusing is the same to the caller as no gateway
    // at all). Taken from the shared counter at every try, a try could land again on the gateway that just refused, as
    // other requests move the counter meanwhile, and the call be dropped.
    const first = this.next++;
    const upstreams = [...this.upstreams];
    for (let tries = 0; tries < upstreams.length; tries++) {
      const upstream = upstreams[(first + tries) % upstreams.length] as string;
      const outcome = await this.sendTo(upstream, req, body, res);
      if (outcome !== 'refused') return;
    }
    req.socket.destroy();
  }

  private sendTo(upstream: string, req: IncomingMessage, body: Buffer, res: ServerResponse): Promise<'answered' | 'refused' | 'lost'> {
    return new Promise((resolve) => {
      const out = request(`${upstream}${req.url ?? '/'}`, { method: req.method, headers: endToEnd(req.headers), agent }, (answer) => {
        this.sent.set(upstream, (this.sent.get(upstream) ?? 0) + 1);
        res.writeHead(answer.statusCode ?? 502, endToEnd(answer.headers));
        answer.pipe(res);
        answer.once('error', () => res.destroy());
        res.once('close', () => resolve('answered'));
      });
      out.once('error', (error: NodeJS.ErrnoException) => {
        if (error.code === 'ECONNREFUSED') return resolve('refused');
        this.lost.set(upstream, (this.lost.get(upstream) ?? 0) + 1);
        res.destroy();
        resolve('lost');
      });
      out.end(body);
    });
  }
}
