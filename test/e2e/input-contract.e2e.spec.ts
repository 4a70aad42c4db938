import { e2eFixture } from '../support/e2e';

// What the API promises about the input it reads, through the whole stack: a parameter an operation does not take is
// refused (400 INVALID_PARAMETERS, declared by every operation), a body that is not JSON in UTF-8 is 415, and an order
// the ledger refuses uses up its Idempotency-Key, as the order's description says. Each case was found answering
// otherwise by a fuzzing run (a misspelt parameter charged and computed as its default; a UTF-16 body read and
// charged; a JSON body sent as text/plain refused as "no body"). Every refusal charges nothing.

const world = e2eFixture({ caller: { credits: 1_000 } });

const remaining = () => world.caller.balance();

/** The refusal's status and code, with nothing charged and the balance as it was. */
const expectRefused = async (r: { status: number; headers: Headers; body: any }, status: number, code: string, before: number) => {
  expect([r.status, r.body?.success, r.body?.error?.code, r.headers.get('x-credits-charged')]).toEqual([status, false, code, '0']);
  expect(r.headers.get('x-credits-remaining')).toBe(String(before));
  expect(await remaining()).toBe(before);
};

describe('a parameter the operation does not take', () => {
  it.each([
    // The calculator computed `extensionAraa=20` as no extension (20 m² ignored) and charged for it.
    ['/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionAraa=20', 'extensionAraa'],
    ['/datasets?format=csv', 'format'],
    ['/postcodes/RG30%201AA?fields=all', 'fields'],
    ['/land-registry/title-orders/ord_aaaaaaaaaaaaaaaaaaaaaaaaaa?verbose=1', 'verbose'],
  ])('%s is 400 INVALID_PARAMETERS naming it, charging nothing', async (path, name) => {
    const before = await remaining();
    const r = await world.caller.get(path);
    await expectRefused(r, 400, 'INVALID_PARAMETERS', before);
    expect(r.body.error.details).toContain(name);
  });

  it('is refused on a POST that takes a body and no query', async () => {
    const before = await remaining();
    const r = await world.caller.send('POST', '/land-registry/title-matches?debug=true', { uprn: '310052236' });
    await expectRefused(r, 400, 'INVALID_PARAMETERS', before);
    expect(r.body.error.details).toBe('debug: not allowed');
  });

  it.each([
    ['/property/valuation?postcode=RG30%202AN&address=1%20Some%20Road&colour=red'],
    ['/property/sold-comparables?postcode=RG30%202AN&radius=500'],
    ['/property/analyse?postcode=RG30%202AN&price=300000&propertyType=castle'],
    ['/property/analyse?postcode=RG30%202AN&price=300000&bedrooms=101'],
    ['/property/analyse?postcode=RG30%202AN&price=300000&squareFeet=0'],
    ['/area/deprivation?postcode=RG30%202AN&year=2019'],
  ])('%s is 400 INVALID_PARAMETERS, a code the operation declares', async (path) => {
    const before = await remaining();
    await expectRefused(await world.caller.get(path), 400, 'INVALID_PARAMETERS', before);
  });

  it('still computes a call whose parameters are all known (20 m² at £2,500/m² is £50,000 more)', async () => {
    const r = await world.caller.paying(1).get('/property/renovation-uplift-calculator?value=250000&floorArea=100&extensionArea=20');
    expect([r.status, r.body.data.result.adjustedValue]).toEqual([200, 300_000]);
  });
});

describe('a body that is not JSON in UTF-8', () => {
  const lookup = JSON.stringify({ uprn: '310052236' });
  const post = (body: Buffer | string, contentType: string) =>
    fetch(world.url('/api/v1/land-registry/title-matches'), {
      method: 'POST',
      headers: { 'x-api-key': world.caller.apiKey, 'content-type': contentType },
      body,
      signal: AbortSignal.timeout(30_000),
    }).then(async (res) => ({ status: res.status, headers: res.headers, body: (await res.json()) as unknown }));

  it.each([
    // UTF-16 little endian with its byte order mark, as a client would send it.
    ['application/json; charset=utf-16', Buffer.concat([Buffer.from([0xff, 0xfe]), Buffer.from(lookup, 'utf16le')])],
    ['application/json; charset=utf-32', Buffer.from(lookup)],
    ['text/plain', Buffer.from(lookup)],
    ['text/plain; charset=utf-8', Buffer.from(lookup)],
    ['application/x-www-form-urlencoded', Buffer.from('uprn=310052236')],
    ['not a media type', Buffer.from(lookup)],
  ])('%s is 415 UNSUPPORTED_MEDIA_TYPE, read and charged not at all', async (contentType, body) => {
    const before = await remaining();
    await expectRefused(await post(body, contentType), 415, 'UNSUPPORTED_MEDIA_TYPE', before);
  });

  it('is read as JSON when it is (charset given or not, in any case)', async () => {
    for (const contentType of ['application/json', 'application/json; charset=UTF-8', 'Application/JSON;charset="utf-8"']) {
      const r = await post(Buffer.from('{"uprn": 5}'), contentType);
      // Read: the body's own fault (a number where a string belongs) is what is refused.
      expect([r.status, (r.body as any).error.code]).toEqual([400, 'INVALID_PARAMETERS']);
      expect((r.body as any).error.details).toContain('uprn');
    }
  });
});

describe("an order's Idempotency-Key", () => {
  it('is used up by a refusal of the ledger: the same key answers the same refusal once enabled, a new key orders', async () => {
    const customer = await world.fundedCaller({ credits: 1_000, purchaseBalancePence: 5_000, orderingEnabled: false });
    const body = { titleNumber: 'BK509231', documentType: 'register', purchaseAuthorisation: { maximumChargePence: 700 } };
    const key = `input-contract-${Date.now()}`;
    const first = await customer.send('POST', '/land-registry/title-orders', body, { 'Idempotency-Key': key });
    expect([first.status, first.body.error.code]).toEqual([403, 'ORDERING_NOT_ENABLED']);
    await world.admin.setOrdering(customer.accountId, true);
    const again = await customer.send('POST', '/land-registry/title-orders', body, { 'Idempotency-Key': key });
    expect([again.status, again.body.error.code, again.headers.get('x-credits-charged')]).toEqual([403, 'ORDERING_NOT_ENABLED', '0']);
    const fresh = await customer.send('POST', '/land-registry/title-orders', body, { 'Idempotency-Key': `${key}-new` });
    expect([fresh.status, fresh.body.data.titleNumber, fresh.headers.get('x-credits-reserved')]).toEqual([202, 'BK509231', '50']);
  });
});

describe('declarations', () => {
  it('answered with no error code an operation does not declare', () => {
    expect(world.stack.logOf('gateway')).not.toContain('undeclared error code');
  });
});
