import { epc, type Candidate as ContractCandidate, type EnergyCertificate, type Source, readModels } from '@pds/contracts';
import type { HandlerResult, Logger } from '@pds/service-runtime';
import type pg from 'pg';
import { certificateOfDocument, certificateOfSearchRow, searchRowAddress } from './register/certificates';
import type { EpcRegisterClient } from './register/client';
import { RegisterFailure } from './register/responses';

// A property's certificates: the imported bulk download first; when it holds none for the property, the live
// register, within a time budget. A property the bulk holds is answered from the bulk alone (a certificate lodged since
// the bulk's release is not looked for). The live register failing when it is needed is EPC_SERVICE_ERROR.

const { addressParts, propertyByAddress, propertyByUprn, bulkRowAddress, certificateOfBulkRow, certificateQueries } = readModels;
type Candidate = readModels.AddressCandidate;
type PropertyMatch<C extends Candidate> = readModels.PropertyMatch<C>;
type Resolution = readModels.Resolution;

type Reply = epc.FoundCertificates;
type Result = HandlerResult<Reply>;

export interface FindCertificatesDeps {
  db: pg.Pool;
  /** Null when no register is configured (no EPC_API_URL): the bulk alone answers. */
  register: EpcRegisterClient | null;
  /** The live register's provenance for `sources` (its vintage is the time of the call). */
  registerSource: Omit<Source, 'vintage'>;
  /** How long the live register may take over one lookup, all its calls and retries together. */
  liveBudgetMs: number;
  /** Business time, for when the live register was asked. */
  now: () => Date;
  logger: Logger;
}

type Found = { kind: 'found'; matchedBy: 'uprn' | 'address'; certificates: EnergyCertificate[] } | { kind: 'none' } | Refusal;
type Refusal = { kind: 'refused'; code: string; message: string; candidates?: ContractCandidate[] };

const refusalError = ({ code, message, candidates }: Refusal) => ({ code, message, ...(candidates ? { candidates } : {}) });

const newestFirst = (a: EnergyCertificate, b: EnergyCertificate) =>
  b.lodgementDate.localeCompare(a.lodgementDate) || b.certificateNumber.localeCompare(a.certificateNumber);

const ambiguous = (
  where: string,
  properties: Array<{ uprn: string | null; certificates: Array<{ address: string; certificate: { postcode: string } }> }>,
): Refusal => ({
  kind: 'refused',
  code: 'EPC_ADDRESS_AMBIGUOUS',
  message: `${properties.length} properties of ${where} match: ${properties
    .map((p) => `${p.certificates[0]?.address ?? '?'} (${p.uprn ? `UPRN ${p.uprn}` : 'no UPRN'})`)
    .join('; ')}`,
  candidates: properties.map((p) => {
    const [first] = p.certificates;
    return {
      ...(p.uprn ? { uprn: p.uprn } : {}),
      address: first?.address ?? '?',
      ...(first ? { postcode: first.certificate.postcode } : {}),
    };
  }),
});

/** The certificates of the property a match names, or the refusal it calls for. */
const found = <C extends Candidate & { certificate: EnergyCertificate; address: string }>(
  match: PropertyMatch<C>,
  matchedBy: 'uprn' | 'address',
  where: string,
): Found => {
  if (match.kind === 'none') return { kind: 'none' };
  if (match.kind === 'several') return ambiguous(where, match.properties);
  return { kind: 'found', matchedBy, certificates: match.certificates.map((c) => c.certificate) };
};

/** The certificates of a UPRN among candidates. */
const byUprn = <C extends Candidate>(uprn: string, candidates: readonly C[]): PropertyMatch<C> => {
  const certificates = propertyByUprn(uprn, candidates);
  return certificates.length === 0 ? { kind: 'none' } : { kind: 'one', certificates, matchType: 'exact' };
};

/**
 * The property a UPRN or an address names among candidates. An address is first resolved by the one resolver in the
 * address dataset, as every property lookup resolves it: found there, the property's certificates are those of its
 * UPRN, else those matching its address as the dataset writes it; the dataset holding nothing of it (or not the
 * postcode at all), the certificates are matched to the address given, by the same rule.
 */
const match = <C extends Candidate>(property: epc.PropertyRef, candidates: readonly C[], resolved: Resolution | null): PropertyMatch<C> => {
  if ('uprn' in property) return byUprn(property.uprn, candidates);
  if (resolved?.kind === 'found') {
    const own = byUprn(resolved.property.uprn, candidates);
    if (own.kind === 'one') return own;
    const written = propertyByAddress(resolved.parts, candidates);
    if (written.kind !== 'none') return written;
  }
  return propertyByAddress(addressParts(property.address), candidates);
};

/** The address dataset's answer for an address (a UPRN is its own answer). */
const resolvedOf = (db: pg.Pool, property: epc.PropertyRef) =>
  'uprn' in property ? Promise.resolve(null) : readModels.addressQueries.resolve(db, property);

/** Several addresses of the dataset match the address given: the caller must say which, as for every property lookup. */
const ambiguousInDataset = (property: epc.PropertyRef, resolved: Resolution | null): Refusal | undefined =>
  resolved?.kind !== 'ambiguous'
    ? undefined
    : {
        kind: 'refused',
        code: 'EPC_ADDRESS_AMBIGUOUS',
        message: `${resolved.candidates.length} properties of ${where(property)} match: ${resolved.candidates
          .map((c) => `${c.address ?? '?'} (UPRN ${c.uprn ?? '?'})`)
          .join('; ')}`,
        candidates: resolved.candidates,
      };

const matchedBy = (property: epc.PropertyRef) => ('uprn' in property ? 'uprn' : 'address');
const where = (property: epc.PropertyRef) => ('uprn' in property ? `UPRN ${property.uprn}` : property.postcode);

const fromBulk = async (db: pg.Pool, property: epc.PropertyRef, resolved: Resolution | null): Promise<Found> => {
  const rows =
    'uprn' in property ? await certificateQueries.forUprn(db, property.uprn) : await certificateQueries.forPostcode(db, property.postcode);
  const candidates = rows.map((row) => ({
    certificate: certificateOfBulkRow(row),
    address: row.address,
    uprn: row.uprn,
    parts: addressParts(bulkRowAddress(row)),
  }));
  return found(match(property, candidates, resolved), matchedBy(property), where(property));
};

const fromRegister = async (
  deps: FindCertificatesDeps,
  register: EpcRegisterClient,
  property: epc.PropertyRef,
  resolved: Resolution | null,
): Promise<Found> => {
  // Real time, as the client's timeouts are (business time may be moved by an operator or a test).
  const deadlineMs = Date.now() + deps.liveBudgetMs;
  const rows = await register.searchDomestic('uprn' in property ? { uprn: property.uprn } : { postcode: property.postcode }, deadlineMs);
  const candidates = rows.flatMap((row) => {
    const certificate = certificateOfSearchRow(row);
    return certificate
      ? [{ certificate, row, address: certificate.address, uprn: certificate.uprn, parts: addressParts(searchRowAddress(row)) }]
      : [];
  });
  const matched = match(property, candidates, resolved);
  const outcome = found(matched, matchedBy(property), where(property));
  if (outcome.kind !== 'found' || matched.kind !== 'one') return outcome;
  // The search gives each certificate's band and date; the latest's document gives the rest.
  const [latest, ...earlier] = [...matched.certificates].sort((a, b) => newestFirst(a.certificate, b.certificate));
  const document = latest ? await register.certificate(latest.certificate.certificateNumber, deadlineMs) : null;
  const full = latest && document ? certificateOfDocument(latest.certificate.certificateNumber, document, latest.row) : null;
  const certificates = [full ?? latest?.certificate, ...earlier.map((c) => c.certificate)].filter((c): c is EnergyCertificate => !!c);
  return { ...outcome, certificates };
};

/** The bulk download's provenance: the `epc-domestic` version serving. */
const bulkSource = (db: pg.Pool): Promise<Source[]> => readModels.datasetQueries.sources(db, ['epc-domestic']);

const answer = (result: Extract<Found, { kind: 'found' }>, origin: Reply['origin'], sources: Source[]): Result => {
  const certificates = [...result.certificates].sort(newestFirst);
  const latest = certificates[0] as EnergyCertificate;
  return {
    ok: true,
    data: {
      property: { uprn: certificates.find((c) => c.uprn !== null)?.uprn ?? null, address: latest.address, postcode: latest.postcode },
      matchedBy: result.matchedBy,
      origin,
      certificates,
      sources,
    },
  };
};

const notFound = (property: epc.PropertyRef, live: boolean): Result => {
  const what = 'uprn' in property ? `UPRN ${property.uprn}` : `${property.address}, ${property.postcode}`;
  const message = `No energy performance certificate of ${what} in the bulk download${live ? ' or the live register' : ''}.`;
  return { ok: false, error: { code: 'EPC_NOT_FOUND', message } };
};

export const findCertificates = async (deps: FindCertificatesDeps, property: epc.PropertyRef): Promise<Result> => {
  const resolved = await resolvedOf(deps.db, property);
  const ambiguous = ambiguousInDataset(property, resolved);
  if (ambiguous) return { ok: false, error: refusalError(ambiguous) };
  const bulk = await fromBulk(deps.db, property, resolved);
  if (bulk.kind === 'refused') return { ok: false, error: refusalError(bulk) };
  if (bulk.kind === 'found') return answer(bulk, 'bulk', await bulkSource(deps.db));
  if (!deps.register) return notFound(property, false);
  let live: Found;
  try {
    live = await fromRegister(deps, deps.register, property, resolved);
  } catch (error) {
    if (!(error instanceof RegisterFailure)) throw error;
    deps.logger.warn({ kind: error.kind, reason: error.message }, 'the live EPC register failed');
    return { ok: false, error: { code: 'EPC_SERVICE_ERROR', message: `The live EPC register failed: ${error.message}.` } };
  }
  if (live.kind === 'refused') return { ok: false, error: refusalError(live) };
  if (live.kind === 'none') return notFound(property, true);
  return answer(live, 'live_register', [{ ...deps.registerSource, vintage: `live, asked ${deps.now().toISOString()}` }]);
};
