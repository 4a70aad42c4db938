import { EpcRegister, EpcRegisterControl, startEpcSimulator, type RunningEpcSimulator } from '@pds/infra';
import { createLogger } from '@pds/service-runtime';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import { EpcRegisterClient } from '../../services/location/src/epc/register/client';
import { certificateOfDocument } from '../../services/location/src/epc/register/certificates';
import { RegisterFailure } from '../../services/location/src/epc/register/responses';

// The location service's adapter for the live EPC register, over HTTP against the register's test environment
// (infra/src/epc-simulator) serving the demo region's synthetic register, with each of its fault modes. Expected values
// are read from the register file itself.

const registerFile = join(__dirname, '..', '..', 'services', 'location', 'demo-data', 'SYNTHETIC_epc_register_RG30_RG31.json.gz');
const token = 'int-test-token';

interface Entry {
  certificateNumber: string;
  document: {
    uprn: number | null;
    postcode: string;
    registration_date: string;
    current_energy_efficiency_band: string;
    total_floor_area?: number;
  };
}
const entries = (JSON.parse(gunzipSync(readFileSync(registerFile)).toString('utf8')) as { certificates: Entry[] }).certificates;

let simulator: RunningEpcSimulator;
let control: EpcRegisterControl;

const client = (options: Partial<ConstructorParameters<typeof EpcRegisterClient>[0]> = {}) =>
  new EpcRegisterClient({ baseUrl: simulator.url, token, attemptTimeoutMs: 1_000, maxAttempts: 3, retryPauseMs: 50, ...options });
const deadline = (ms = 3_500) => Date.now() + ms;

const failureOf = async (promise: Promise<unknown>) => {
  try {
    await promise;
  } catch (error) {
    if (error instanceof RegisterFailure) return error.kind;
    throw error;
  }
  return 'answered';
};

// A UPRN with more than one certificate, and a certificate lodged after the bulk release (the register only).
const byUprn = new Map<number, Entry[]>();
for (const e of entries) if (e.document.uprn !== null) byUprn.set(e.document.uprn, [...(byUprn.get(e.document.uprn) ?? []), e]);
const [uprn, ofUprn] = [...byUprn.entries()].find(([, list]) => list.length >= 2)!;
const late = entries.find((e) => e.document.registration_date > '2026-04-30')!;

beforeAll(async () => {
  simulator = await startEpcSimulator({
    register: EpcRegister.fromFile(registerFile),
    token,
    logger: createLogger('epc-simulator', 'warn'),
  });
  control = new EpcRegisterControl(simulator.url);
});
afterAll(async () => simulator?.close());
beforeEach(async () => {
  await control.clearFaults();
  await control.resetRequests();
});

describe('the adapter against the register test environment', () => {
  it("finds a UPRN's certificates, newest first, and reads a certificate's document", async () => {
    const rows = await client().searchDomestic({ uprn: String(uprn) }, deadline());
    const expected = [...ofUprn].sort((a, b) => b.document.registration_date.localeCompare(a.document.registration_date));
    expect(rows.map((r) => [r.certificateNumber, r.registrationDate.slice(0, 10), r.currentEnergyEfficiencyBand])).toEqual(
      expected.map((e) => [e.certificateNumber, e.document.registration_date, e.document.current_energy_efficiency_band]),
    );
    const document = await client().certificate(late.certificateNumber, deadline());
    expect(certificateOfDocument(late.certificateNumber, document!)).toMatchObject({
      certificateNumber: late.certificateNumber,
      lodgementDate: late.document.registration_date,
      currentRating: late.document.current_energy_efficiency_band,
      floorAreaSqM: late.document.total_floor_area ?? null,
    });
  });

  it("finds a postcode's certificates, and nothing for a postcode or certificate it does not have", async () => {
    const postcode = ofUprn[0]!.document.postcode;
    const rows = await client().searchDomestic({ postcode }, deadline());
    expect(rows.length).toBe(entries.filter((e) => e.document.postcode === postcode).length);
    expect(await client().searchDomestic({ postcode: 'SW1A 1AA' }, deadline())).toEqual([]);
    expect(await client().certificate('9999-9999-9999-9999-9999', deadline())).toBeNull();
  });

  it("is refused without our token (403, as the service's own controllers refuse it), and not tried again", async () => {
    let calls = 0;
    const counting = (async (...args: Parameters<typeof fetch>) => {
      calls++;
      return fetch(...args);
    }) as typeof fetch;
    expect(await failureOf(client({ token: 'not-ours', fetch: counting }).searchDomestic({ uprn: String(uprn) }, deadline()))).toBe(
      'unauthorized',
    );
    expect(calls).toBe(1);
  });

  it('error: tries a 500 again and answers when the register recovers', async () => {
    await control.setFaults([{ mode: 'error', times: 2 }]);
    expect((await client().searchDomestic({ uprn: String(uprn) }, deadline())).length).toBe(ofUprn.length);
    expect((await control.requests()).search).toBe(3);
  });

  it('error: gives up after three attempts', async () => {
    await control.setFaults([{ mode: 'error' }]);
    expect(await failureOf(client().searchDomestic({ uprn: String(uprn) }, deadline()))).toBe('server_error');
    expect((await control.requests()).search).toBe(3);
  });

  it('slow: an answer later than the attempt timeout is tried again, and the deadline ends it', async () => {
    await control.setFaults([{ mode: 'slow', delayMs: 5_000 }]);
    const started = Date.now();
    expect(await failureOf(client().searchDomestic({ uprn: String(uprn) }, deadline(2_500)))).toBe('timeout');
    const tookMs = Date.now() - started;
    expect(tookMs).toBeGreaterThanOrEqual(2_000);
    expect(tookMs).toBeLessThan(3_500);
    expect((await control.requests()).search).toBe(3);
  });

  it('slow: an answer inside the attempt timeout is simply late', async () => {
    await control.setFaults([{ mode: 'slow', delayMs: 300, times: 1 }]);
    expect((await client().certificate(late.certificateNumber, deadline())) !== null).toBe(true);
  });

  it('rate_limited: waits out a Retry-After that ends in time, and gives up on one that does not', async () => {
    await control.setFaults([{ mode: 'rate_limited', retryAfterSeconds: 1, times: 1 }]);
    expect((await client().searchDomestic({ uprn: String(uprn) }, deadline())).length).toBe(ofUprn.length);
    expect((await control.requests()).search).toBe(2);
    await control.setFaults([{ mode: 'rate_limited', retryAfterSeconds: 60 }]);
    await control.resetRequests();
    expect(await failureOf(client().searchDomestic({ uprn: String(uprn) }, deadline()))).toBe('rate_limited');
    expect((await control.requests()).search).toBe(1);
  });

  it('unauthorized: a 401 is a failure, asked once', async () => {
    await control.setFaults([{ mode: 'unauthorized' }]);
    expect(await failureOf(client().searchDomestic({ uprn: String(uprn) }, deadline()))).toBe('unauthorized');
    expect((await control.requests()).search).toBe(1);
  });

  it('malformed: an answer that is not JSON is a failure, asked once', async () => {
    await control.setFaults([{ operation: 'certificate', mode: 'malformed' }]);
    expect((await client().searchDomestic({ uprn: String(uprn) }, deadline())).length).toBe(ofUprn.length);
    expect(await failureOf(client().certificate(late.certificateNumber, deadline()))).toBe('malformed');
    expect(await control.requests()).toEqual({ search: 1, certificate: 1 });
  });
});
