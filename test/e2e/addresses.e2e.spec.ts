import { chargedCredits as charged, e2eFixture, type Caller } from '../support/e2e';

// Address and Identity over the whole stack: autocomplete (find, retrieve) and the UPRN ↔ address lookup, on the demo
// region's Code-Point Open and SYNTHETIC AddressBase Plus file (made from the real Price Paid addresses of RG30 and
// RG31: their addresses quoted from pp-complete below). Costs from the specification: find 0, retrieve 35 per
// successful retrieval, lookup 35 per completed lookup; selection ids expire after 30 minutes.

const world = e2eFixture({ imports: ['codepoint-open', 'addressbase'] });
afterEach(() => world.clock.reset());

const customer = () => world.fundedCaller({ credits: 1_000 });

describe('GET /address/autocomplete', () => {
  it("lists a postcode's addresses (RG30 1AA: 194 and 196 Oxford Road in Price Paid), free, each with a selection id", async () => {
    const c = await customer();
    const r = await c.get('/address/autocomplete', { query: 'rg30 1aa' });
    expect([r.status, charged(r), r.body.billing]).toEqual([200, 0, undefined]);
    expect(r.body.data.suggestions.map((s: any) => s.text)).toEqual([
      '194 Oxford Road, Reading, RG30 1AA',
      '196 Oxford Road, Reading, RG30 1AA',
    ]);
    for (const s of r.body.data.suggestions) expect(s.id.length).toBeGreaterThanOrEqual(20);
    expect(r.body.sources).toEqual([expect.objectContaining({ dataset: 'addressbase', synthetic: true })]);
    expect(await c.balance()).toBe(1_000);
  });

  it('matches partial addresses forgivingly: word order, case, Rd for Road, unfinished words, flat numbers', async () => {
    const c = await customer();
    const first = async (query: string) => (await c.get('/address/autocomplete', { query })).body.data.suggestions[0]?.text;
    expect(await first('OXFORD rd 194')).toBe('194 Oxford Road, Reading, RG30 1AA');
    expect(await first('194 oxford ro')).toBe('194 Oxford Road, Reading, RG30 1AA');
    // pp-complete: "FLAT 10","WHEELER COURT" … "ARMOUR HILL","TILEHURST","READING", RG31 6JB
    expect(await first('flat 10 wheeler court')).toBe('Flat 10, Wheeler Court, Armour Hill, Tilehurst, Reading, RG31 6JB');
    const limited = await c.get('/address/autocomplete', { query: 'wheeler court', limit: '3' });
    expect(limited.body.data.suggestions).toHaveLength(3);
    const none = await c.get('/address/autocomplete', { query: 'zzzz nowhere street' });
    expect([none.status, none.body.data.suggestions]).toEqual([200, []]);
  });

  it('refuses a query under 3 or over 200 characters and a limit outside 1 to 10', async () => {
    const c = await customer();
    for (const query of [
      { query: 'ab' },
      { query: 'a'.repeat(201) },
      { query: 'oxford', limit: '11' },
      { query: 'oxford', limit: '0' },
      {},
    ]) {
      const r = await c.get('/address/autocomplete', query as Record<string, string>);
      expect([r.status, r.body.error?.code, charged(r)]).toEqual([400, 'INVALID_PARAMETERS', 0]);
    }
  });
});

describe('GET /address/retrieve', () => {
  const selection = async (c: Caller) =>
    (await c.get('/address/autocomplete', { query: '194 oxford road' })).body.data.suggestions[0].id as string;

  it('retrieves the address chosen (35 credits), again within its life, with form fields and coordinates', async () => {
    const c = await customer();
    const id = await selection(c);
    const r = await c.get('/address/retrieve', { id });
    expect([r.status, charged(r), r.body.billing.creditsCharged]).toEqual([200, 35, 35]);
    expect(r.body.data).toMatchObject({
      uprn: '993262081585',
      address: { lines: ['194 Oxford Road'], town: 'Reading', postcode: 'RG30 1AA', singleLine: '194 Oxford Road, Reading, RG30 1AA' },
      form: { line1: '194 Oxford Road', line2: '', line3: '', town: 'Reading', postcode: 'RG30 1AA' },
      postcode: 'RG30 1AA',
    });
    // Near RG30 1AA's Code-Point position (470248, 173483): the synthetic positions are within 40 m of it.
    expect(Math.hypot(r.body.data.eastings - 470248, r.body.data.northings - 173483)).toBeLessThan(40);
    expect(r.body.data.latitude).toBeCloseTo(51.456, 2);
    const again = await c.get('/address/retrieve', { id });
    expect([again.status, charged(again), again.body.data.uprn]).toEqual([200, 35, '993262081585']);
    expect(await c.balance()).toBe(930);
  });

  it('refuses, free, an id past 30 minutes (business clock moved), altered, or made up', async () => {
    const c = await customer();
    const id = await selection(c);
    const [v, payload, sig] = id.split('.') as [string, string, string];
    const other = Buffer.from(JSON.stringify({ ...JSON.parse(Buffer.from(payload, 'base64url').toString()), u: '995106020908' })).toString(
      'base64url',
    );
    const cases: [string, string][] = [
      [`${v}.${other}.${sig}`, 'SELECTION_INVALID'],
      ['made-up-selection-id-made-up-selection-id', 'SELECTION_INVALID'],
      ['short', 'SELECTION_INVALID'],
    ];
    for (const [bad, code] of cases) {
      const r = await c.get('/address/retrieve', { id: bad });
      expect([r.status, r.body.error?.code, charged(r)]).toEqual([400, code, 0]);
    }
    world.clock.offset(29 * 60_000);
    expect((await c.get('/address/retrieve', { id })).status).toBe(200);
    world.clock.offset(31 * 60_000);
    const late = await c.get('/address/retrieve', { id });
    expect([late.status, late.body.error?.code, charged(late)]).toEqual([400, 'SELECTION_EXPIRED', 0]);
    expect(await c.balance()).toBe(965);
  });
});

describe('GET /property/address', () => {
  it('finds the address of a UPRN and the UPRN of an address, 35 credits each', async () => {
    const c = await customer();
    const byUprn = await c.get('/property/address', { uprn: '993262081585' });
    expect([byUprn.status, charged(byUprn)]).toEqual([200, 35]);
    expect(byUprn.body.data).toMatchObject({
      uprn: '993262081585',
      address: { lines: ['194 Oxford Road'], town: 'Reading', postcode: 'RG30 1AA' },
      postcode: 'RG30 1AA',
      direction: 'uprn_to_address',
      matchType: 'uprn',
      classification: 'RD04', // Price Paid: T (terraced)
      country: 'E',
    });
    const byAddress = await c.get('/property/address', { address: 'Oxford Rd 194', postcode: 'rg301aa' });
    expect(byAddress.body.data).toMatchObject({ uprn: '993262081585', direction: 'address_to_uprn', matchType: 'exact' });
    expect(byAddress.body.sources).toEqual([expect.objectContaining({ dataset: 'addressbase', synthetic: true })]);
    expect(await c.balance()).toBe(930);
  });

  it('answers 409 with the candidates for an ambiguous address, free, and the one meant by its UPRN', async () => {
    const c = await customer();
    const r = await c.get('/property/address', { address: 'Wheeler Court', postcode: 'RG31 6JB' });
    expect([r.status, r.body.error?.code, charged(r)]).toEqual([409, 'ADDRESS_AMBIGUOUS', 0]);
    const candidates = r.body.error.candidates as { uprn: string; address: string }[];
    // Natural order: Flat 1, Flat 2, … Flat 10.
    expect(candidates.slice(0, 3).map((a) => a.address.split(',')[0])).toEqual(['Flat 1', 'Flat 2', 'Flat 3']);
    const chosen = await c.get('/property/address', { uprn: candidates[1]!.uprn });
    expect([chosen.status, chosen.body.data.address.lines[0]]).toEqual([200, 'Flat 2, Wheeler Court']);
    expect(await c.balance()).toBe(965);
  });

  it('refuses, free: neither or both ways, Northern Ireland, unknown', async () => {
    const c = await customer();
    const cases: [Record<string, string>, number, string][] = [
      [{}, 400, 'INVALID_PARAMETERS'],
      [{ uprn: '993262081585', postcode: 'RG30 1AA' }, 400, 'INVALID_PARAMETERS'],
      [{ uprn: '1234567890123' }, 400, 'INVALID_PARAMETERS'],
      [{ address: '1 Main Street', postcode: 'BT1 1AA' }, 400, 'OUTSIDE_GREAT_BRITAIN'],
      [{ address: '194 Oxford Road', postcode: 'RG30' }, 400, 'INVALID_POSTCODE'],
      [{ uprn: '42' }, 404, 'PROPERTY_NOT_FOUND'],
      [{ address: '195 Oxford Road', postcode: 'RG30 1AA' }, 404, 'PROPERTY_NOT_FOUND'],
    ];
    for (const [query, status, code] of cases) {
      const r = await c.get('/property/address', query);
      expect([JSON.stringify(query), r.status, r.body.error?.code, charged(r)]).toEqual([JSON.stringify(query), status, code, 0]);
    }
    expect(await c.balance()).toBe(1_000);
  });
});
