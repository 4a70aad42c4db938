import type {
  Answer,
  DeliveredDocument,
  DocumentKind,
  OrderSubmission,
  RegistryGateway,
  RegistryOrderState,
  SubmissionOutcome,
  TitleCandidate,
  TitleSearch,
  TitleSummary,
} from './registry-gateway';

// The registry over HTTP: the JSON API of the registry test environment (infra/src/registry-simulator/routes.ts).
// Only a submission is answered when the call fails: whether the order exists is then unknown, and `orderState`
// settles it. Everything else throws on a failed call or an answer it cannot read, naming what was asked.

const defaultTimeoutMs = 10_000;
const maxDocumentBytes = 20 * 1024 * 1024;

interface ErrorBody {
  code?: string;
  message?: string;
  retryAfter?: string;
  opensAt?: string;
}

interface OrderBody {
  registryReference: string;
  status: 'processing' | 'completed' | 'failed';
  code?: string;
  message?: string;
  documents: { type: DocumentKind; href: string }[];
}

const readJson = async <T>(res: Response): Promise<T | null> => {
  try {
    return (await res.json()) as T;
  } catch {
    return null;
  }
};

/** Why a fetch produced no answer: a timeout, or the connection's own error code. */
const failureReason = (err: unknown, timeoutMs: number): string => {
  const e = err as { name?: string; message?: string; cause?: { code?: string; message?: string } };
  if (e.name === 'TimeoutError' || e.name === 'AbortError') return `no answer within ${timeoutMs} ms`;
  return `no answer: ${e.cause?.code ?? e.cause?.message ?? e.message ?? String(err)}`;
};

export class HttpRegistryGateway implements RegistryGateway {
  private readonly baseUrl: string;

  /** `baseUrl`: the API root, e.g. http://127.0.0.1:8090/registry/v1 (LAND_REGISTRY_URL). */
  constructor(
    baseUrl: string,
    private readonly timeoutMs = defaultTimeoutMs,
  ) {
    this.baseUrl = baseUrl.replace(/\/+$/, '');
  }

  async searchTitles(search: TitleSearch): Promise<Answer<TitleCandidate[]>> {
    const res = await this.call('POST', '/title-searches', search);
    if (res.status === 503) return this.delayed(res);
    if (res.status !== 200) throw await this.unexpected(res, 'title search');
    const body = await readJson<{ titles?: TitleCandidate[] }>(res);
    if (!Array.isArray(body?.titles)) throw new Error('registry title search: 200 without a titles list');
    return { kind: 'ok', value: body.titles };
  }

  async describeTitle(titleNumber: string): Promise<Answer<TitleSummary | null>> {
    const res = await this.call('GET', `/titles/${encodeURIComponent(titleNumber)}`);
    if (res.status === 503) return this.delayed(res);
    if (res.status === 404) return { kind: 'ok', value: null };
    if (res.status !== 200) throw await this.unexpected(res, `title ${titleNumber}`);
    const body = await readJson<TitleSummary>(res);
    if (typeof body?.titleNumber !== 'string') throw new Error(`registry title ${titleNumber}: 200 without a title summary`);
    return { kind: 'ok', value: body };
  }

  async submitOrder(order: OrderSubmission): Promise<SubmissionOutcome> {
    let res: Response;
    let body: ErrorBody & { registryReference?: string };
    try {
      res = await this.call('POST', '/orders', order);
      // Read inside the try: the connection can still drop while the body arrives.
      body = (await res.json().catch(() => ({}))) as typeof body;
    } catch (err) {
      return { kind: 'uncertain', reason: failureReason(err, this.timeoutMs) };
    }
    if (res.status === 202 && typeof body.registryReference === 'string')
      return { kind: 'accepted', registryReference: body.registryReference };
    if (res.status === 409 && body.code === 'REGISTRY_CLOSED' && typeof body.opensAt === 'string')
      return { kind: 'closed', opensAt: body.opensAt };
    // 400: the registry read the request and refused it, so nothing was ordered.
    if (res.status === 422 || res.status === 400) {
      return {
        kind: 'rejected',
        code: body.code ?? `HTTP_${res.status}`,
        message: body.message ?? `the registry refused the order (HTTP ${res.status})`,
      };
    }
    return { kind: 'uncertain', reason: `HTTP ${res.status}${body.code ? ` ${body.code}` : ''} from the registry` };
  }

  async orderState(clientReference: string): Promise<RegistryOrderState> {
    const res = await this.call('GET', `/orders/${encodeURIComponent(clientReference)}`);
    if (res.status === 404) return { kind: 'unknown' };
    if (res.status !== 200) throw await this.unexpected(res, `order ${clientReference}`);
    const body = await readJson<OrderBody>(res);
    if (!body || typeof body.registryReference !== 'string')
      throw new Error(`registry order ${clientReference}: 200 without a registry reference`);
    const { registryReference } = body;
    switch (body.status) {
      case 'processing':
        return { kind: 'processing', registryReference };
      case 'failed':
        return {
          kind: 'failed',
          registryReference,
          code: body.code ?? 'REGISTRY_FULFILMENT_FAILED',
          message: body.message ?? 'the registry could not fulfil the order',
        };
      case 'completed': {
        const documents: DeliveredDocument[] = [];
        for (const d of body.documents ?? []) documents.push({ type: d.type, pdf: await this.document(d.href, clientReference) });
        return { kind: 'completed', registryReference, documents };
      }
      default:
        throw new Error(`registry order ${clientReference}: unknown status ${String(body.status)}`);
    }
  }

  private async document(href: string, clientReference: string): Promise<Buffer> {
    const url = new URL(href, `${this.baseUrl}/`);
    const res = await fetch(url, { signal: AbortSignal.timeout(this.timeoutMs) });
    if (res.status !== 200) throw await this.unexpected(res, `document ${href} of order ${clientReference}`);
    const pdf = Buffer.from(await res.arrayBuffer());
    if (pdf.length > maxDocumentBytes) throw new Error(`registry document ${href}: ${pdf.length} bytes, more than ${maxDocumentBytes}`);
    if (pdf.subarray(0, 5).toString('latin1') !== '%PDF-') throw new Error(`registry document ${href}: not a PDF`);
    return pdf;
  }

  private call(method: 'GET' | 'POST', path: string, body?: unknown): Promise<Response> {
    return fetch(`${this.baseUrl}${path}`, {
      method,
      headers: body === undefined ? { accept: 'application/json' } : { accept: 'application/json', 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
      signal: AbortSignal.timeout(this.timeoutMs),
    });
  }

  private async delayed(res: Response): Promise<{ kind: 'delayed'; retryAfter: string }> {
    const body = await readJson<ErrorBody>(res);
    if (typeof body?.retryAfter === 'string') return { kind: 'delayed', retryAfter: body.retryAfter };
    // No time in the body: the Retry-After header's seconds, counted from now.
    const seconds = Number(res.headers.get('retry-after') ?? 30);
    return { kind: 'delayed', retryAfter: new Date(Date.now() + (Number.isFinite(seconds) ? seconds : 30) * 1000).toISOString() };
  }

  private async unexpected(res: Response, what: string): Promise<Error> {
    const body = await readJson<ErrorBody>(res);
    const detail = body?.code ? `: ${body.code}${body.message ? ` (${body.message})` : ''}` : '';
    return new Error(`registry ${what}: unexpected HTTP ${res.status}${detail}`);
  }
}
