import { readFileSync } from 'node:fs';
import { Agent, fetch, type Response } from 'undici';
import { environmentRoots, restPath, soapPath, type Environment, type SoapService } from './services';
import { readSoapResponse, soapRequest, type Credentials, type SoapAnswer } from './soap';
import type { XmlContent } from './xml';

// How the project reaches Business Gateway: HTTPS with the client certificate HM Land Registry issued (mutual TLS,
// checked against HM Land Registry's CA, never "accept any certificate"), the user's credentials in the WS-Security
// header of each SOAP request and as HTTP basic authentication on the REST services, and a time budget on every
// call. The registry test environment is plain HTTP on loopback; the same client speaks to it, without a certificate.

export interface BusinessGatewaySettings {
  environment: Environment;
  /** The environment's root; by default HM Land Registry's (`https://bgtest.landregistry.gov.uk` for test). */
  rootUrl?: string;
  credentials: Credentials;
  /** PEM files of the client certificate, its key, and the CA the registry's certificate is checked against. */
  tls?: { certFile: string; keyFile: string; caFile?: string };
  timeoutMs?: number;
}

/** The answer was not a usable HTTP answer (no connection, no answer in time): what was sent may or may not have arrived. */
export class TransportError extends Error {
  constructor(
    message: string,
    override readonly cause?: unknown,
  ) {
    super(message);
  }
}

const defaultTimeoutMs = 10_000;
/** An official copy with its documents can exceed 25 MB (the pack's own OC2 test), and base64 adds a third. */
const maxResponseBytes = 64 * 1024 * 1024;

const failureReason = (err: unknown, timeoutMs: number): string => {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return `no answer: ${e.cause?.code ?? e.cause?.message ?? e.message ?? String(err)}`;
};

export class BusinessGatewayTransport {
  readonly environment: Environment;
  private readonly root: string;
  private readonly timeoutMs: number;
  private readonly dispatcher: Agent | undefined;

  constructor(private readonly settings: BusinessGatewaySettings) {
    this.environment = settings.environment;
    this.root = (settings.rootUrl ?? environmentRoots[settings.environment]).replace(/\/+$/, '');
    this.timeoutMs = settings.timeoutMs ?? defaultTimeoutMs;
    const { tls } = settings;
    this.dispatcher = tls
      ? new Agent({
          connect: {
            cert: readFileSync(tls.certFile),
            key: readFileSync(tls.keyFile),
            ...(tls.caFile ? { ca: readFileSync(tls.caFile) } : {}),
          },
        })
      : undefined;
  }

  /** Sends one SOAP request and reads the envelope that answers it (HTTP 500 carries a fault, as SOAP 1.1 says). */
  async soap(service: SoapService, content: XmlContent): Promise<SoapAnswer> {
    const url = `${this.root}${soapPath(this.environment, service)}`;
    const body = soapRequest(service.operation, content, service.request, this.settings.credentials);
    const res = await this.send(url, {
      method: 'POST',
      headers: { 'content-type': 'text/xml; charset=utf-8', soapaction: '""', accept: 'text/xml' },
      body,
    });
    const text = await this.bodyText(res, url);
    if (res.status !== 200 && res.status !== 500) throw new Error(`${service.endpoint}: HTTP ${res.status}`);
    try {
      return readSoapResponse(text, service.operation);
    } catch (err) {
      throw new Error(`${service.endpoint}: HTTP ${res.status} with no SOAP answer (${(err as Error).message})`, { cause: err });
    }
  }

  /** A REST GET with basic authentication; the status and JSON body (null when the body is not JSON, as a 429's is not). */
  async rest(version: 'v1' | 'v2', path: string): Promise<{ status: number; body: unknown; headers: Headers }> {
    const url = `${this.root}${restPath(this.environment, version, path)}`;
    const { username, password } = this.settings.credentials;
    const res = await this.send(url, {
      method: 'GET',
      headers: { accept: 'application/json', authorization: `Basic ${Buffer.from(`${username}:${password}`).toString('base64')}` },
    });
    const text = await this.bodyText(res, url);
    let body: unknown;
    try {
      body = text.length > 0 ? JSON.parse(text) : null;
    } catch {
      // A 429 comes with no body, and a proxy's error page is not JSON: the status says what happened.
      body = null;
    }
    return { status: res.status, body, headers: res.headers as unknown as Headers };
  }

  private async send(url: string, init: { method: string; headers: Record<string, string>; body?: string }): Promise<Response> {
    try {
      return await fetch(url, { ...init, dispatcher: this.dispatcher, signal: AbortSignal.timeout(this.timeoutMs) });
    } catch (err) {
      throw new TransportError(`${url}: ${failureReason(err, this.timeoutMs)}`, err);
    }
  }

  private async bodyText(res: Response, url: string): Promise<string> {
    try {
      const length = Number(res.headers.get('content-length') ?? 0);
      if (length > maxResponseBytes) throw new Error(`${length} bytes, more than ${maxResponseBytes}`);
      return await res.text();
    } catch (err) {
      // The connection can drop while the body arrives: as unknown as no answer at all.
      throw new TransportError(`${url}: ${failureReason(err, this.timeoutMs)}`, err);
    }
  }
}
