import { epcRegisterApi, normalisePostcode } from '@pds/contracts';
import { readFileSync } from 'node:fs';
import { gunzipSync } from 'node:zlib';

// The register the test environment serves: certificates as the live register's API gives them, read once from a file
// (JSON, optionally gzip: `{certificates: [{certificateNumber, council, constituency, document}]}`), by default the
// demo region's synthetic register (services/location/demo-data/SYNTHETIC_epc_register_RG30_RG31.json.gz, written by
// its generator with the bulk download it matches).

export interface RegisterEntry {
  certificateNumber: string;
  council: string;
  constituency: string;
  document: epcRegisterApi.RegisterCertificateDocument & Record<string, unknown>;
}

const compact = (postcode: string) => normalisePostcode(postcode).replace(' ', '');

export class EpcRegister {
  private readonly byNumber = new Map<string, RegisterEntry>();
  private readonly byUprn = new Map<string, RegisterEntry[]>();
  private readonly byPostcode = new Map<string, RegisterEntry[]>();

  constructor(entries: readonly RegisterEntry[]) {
    for (const entry of entries) {
      this.byNumber.set(entry.certificateNumber, entry);
      const uprn = entry.document.uprn;
      if (uprn !== null && uprn !== undefined) this.add(this.byUprn, String(Number(uprn)), entry);
      if (entry.document.postcode) this.add(this.byPostcode, compact(entry.document.postcode), entry);
    }
  }

  static fromFile(path: string): EpcRegister {
    const raw = readFileSync(path);
    const text = (raw[0] === 0x1f && raw[1] === 0x8b ? gunzipSync(raw) : raw).toString('utf8');
    const { certificates } = JSON.parse(text) as { certificates: RegisterEntry[] };
    if (!Array.isArray(certificates)) throw new Error(`${path}: no certificates list`);
    return new EpcRegister(certificates);
  }

  get size() {
    return this.byNumber.size;
  }

  certificate(certificateNumber: string): RegisterEntry | undefined {
    return this.byNumber.get(certificateNumber);
  }

  /** Certificates matching every criterion given (UPRN, postcode, words of the address), newest registration first. */
  search(criteria: { uprn?: string; postcode?: string; address?: string }): RegisterEntry[] {
    let found: RegisterEntry[] | undefined;
    if (criteria.uprn !== undefined) found = this.byUprn.get(String(Number(criteria.uprn))) ?? [];
    if (criteria.postcode !== undefined) {
      const inPostcode = this.byPostcode.get(compact(criteria.postcode)) ?? [];
      found = found ? found.filter((e) => inPostcode.includes(e)) : inPostcode;
    }
    if (criteria.address !== undefined) {
      const words = criteria.address
        .toLowerCase()
        .split(/[\s,]+/)
        .filter(Boolean);
      const pool = found ?? [...this.byNumber.values()];
      found = pool.filter((e) => words.every((w) => addressOf(e).toLowerCase().includes(w)));
    }
    return [...(found ?? [])].sort(
      (a, b) =>
        String(b.document.registration_date).localeCompare(String(a.document.registration_date)) ||
        a.certificateNumber.localeCompare(b.certificateNumber),
    );
  }

  private add(index: Map<string, RegisterEntry[]>, key: string, entry: RegisterEntry) {
    const list = index.get(key) ?? [];
    list.push(entry);
    index.set(key, list);
  }
}

const addressOf = (e: RegisterEntry) =>
  [e.document.address_line_1, e.document.address_line_2, e.document.address_line_3, e.document.address_line_4].filter(Boolean).join(', ');

/** A certificate as a search row (api.yml `EnergyAssessmentSearchResult`, its example's date-time form). */
export const searchRowOf = (e: RegisterEntry): epcRegisterApi.RegisterSearchRow => ({
  addressLine1: e.document.address_line_1 ?? '',
  addressLine2: e.document.address_line_2 ?? null,
  addressLine3: e.document.address_line_3 ?? null,
  addressLine4: e.document.address_line_4 ?? null,
  uprn: e.document.uprn === null || e.document.uprn === undefined ? null : Number(e.document.uprn),
  certificateNumber: e.certificateNumber,
  constituency: e.constituency,
  council: e.council,
  currentEnergyEfficiencyBand: e.document.current_energy_efficiency_band ?? null,
  postTown: e.document.post_town ?? null,
  postcode: e.document.postcode ?? '',
  registrationDate: `${String(e.document.registration_date)}T00:00:00.000Z`,
});
