import type { Random } from '../epc/prng';
import { kinds, type Kind, type KindName, type Pair } from './kinds';
import type { Site } from './sites';

// The synthetic establishments of one region and the links between them, built story by story: schools open today,
// academy conversions, amalgamations, mergers and splits (each a closed predecessor and its open successor, linked
// both ways as the real links file links them), schools proposed to open or to close, and closed ones. Dates are
// DD-MM-YYYY as published. URNs are the caller's running numbers (from 990001, beyond every URN of the real links
// file), so no synthetic school is ever linked to a real establishment.

export type Status = 'open' | 'closed' | 'open-proposed-to-close' | 'proposed-to-open';

export interface Establishment {
  urn: number;
  name: string;
  kind: Kind;
  status: Status;
  openDate: string;
  closeDate: string;
  reasonOpened: Pair;
  reasonClosed: Pair;
  site: Site;
  /** False: published without an easting and northing (an old closed record, a school not yet built). */
  positioned: boolean;
  ages: readonly [number, number];
  gender: Pair;
  /** In files up to January 2025 only (the 2024 layout). */
  ofsted: { rating: string; date: string };
}

export interface Link {
  urn: number;
  linkUrn: number;
  linkName: string;
  linkType: string;
  date: string;
}

const notApplicable: Pair = ['00', 'Not applicable'];
/** ReasonEstablishmentOpened and …Closed pairs seen in real rows (research/gias.md §2b: codes padded to two digits). */
export const reasons = {
  academyConverter: ['10', 'Academy Converter'],
  newProvision: ['06', 'New Provision'],
  amalgamated: ['01', 'Result of Amalgamation'],
  merged: ['01', 'Result of Amalgamation/Merger'],
  closure: ['02', 'Closure'],
  forAcademy: ['06', 'For Academy'],
} as const satisfies Record<string, Pair>;

const mixed: Pair = ['3', 'Mixed'];
/** OfstedRating (name) values (research/gias.md §2d), weighted roughly as open schools' ratings fall. */
const ratings = [
  ['Outstanding', 16],
  ['Good', 64],
  ['Requires improvement', 15],
  ['Inadequate', 5],
] as const;

const pad = (n: number) => String(n).padStart(2, '0');
const dmy = (iso: string) => `${iso.slice(8, 10)}-${iso.slice(5, 7)}-${iso.slice(0, 4)}`;
const iso = (d: string) => `${d.slice(6, 10)}-${d.slice(3, 5)}-${d.slice(0, 2)}`;

export class World {
  readonly establishments: Establishment[] = [];
  readonly links: Link[] = [];
  private readonly unused: Site[];

  constructor(
    private readonly random: Random,
    sites: readonly Site[],
    private nextUrn: number,
  ) {
    this.unused = [...sites];
  }

  /** A site no other school of the region stands on. */
  site(): Site {
    if (this.unused.length === 0) throw new Error('no sites left');
    return this.unused.splice(this.random.int(0, this.unused.length - 1), 1)[0] as Site;
  }

  add(
    kindName: KindName,
    options: Partial<
      Pick<Establishment, 'status' | 'openDate' | 'closeDate' | 'reasonOpened' | 'reasonClosed' | 'site' | 'positioned' | 'gender'>
    > & {
      name?: (noun: string, n: number) => string;
    } = {},
  ): Establishment {
    const kind: Kind = kinds[kindName];
    const urn = this.nextUrn++;
    const n = urn - 990_000;
    const e: Establishment = {
      urn,
      name: options.name ? options.name(kind.noun, n) : `Synthetic ${kind.noun} ${n}`,
      kind,
      status: options.status ?? 'open',
      openDate: options.openDate ?? '',
      closeDate: options.closeDate ?? '',
      reasonOpened: options.reasonOpened ?? notApplicable,
      reasonClosed: options.reasonClosed ?? notApplicable,
      site: options.site ?? this.site(),
      positioned: options.positioned ?? true,
      ages: this.random.pick(kind.ages),
      gender: options.gender ?? mixed,
      ofsted: { rating: '', date: '' },
    };
    e.ofsted = this.ofstedOf(e);
    this.establishments.push(e);
    return e;
  }

  /** `successor` succeeds `predecessor`: a row each way, dated by the closing and the opening (or undated, as a quarter of real links are). */
  link(predecessor: Establishment, successor: Establishment, types: readonly [successor: string, predecessor: string], dated = true) {
    this.links.push(
      {
        urn: predecessor.urn,
        linkUrn: successor.urn,
        linkName: successor.name,
        linkType: types[0],
        date: dated ? predecessor.closeDate : '',
      },
      {
        urn: successor.urn,
        linkUrn: predecessor.urn,
        linkName: predecessor.name,
        linkType: types[1],
        date: dated ? successor.openDate : '',
      },
    );
  }

  /** Closed on 31 August of `year`, its successor opening on 1 September: the school year's turn. */
  static turnOf(year: number) {
    return { closeDate: `31-08-${year}`, openDate: `01-09-${year}` };
  }

  /**
   * A rating and an inspection date between its opening (or 2014) and its closing (or June 2024) for a state school;
   * none for an independent school (ISI inspects those), a proposed one, or one not open within that window.
   */
  private ofstedOf(e: Establishment): Establishment['ofsted'] {
    const none = { rating: '', date: '' };
    if (e.kind.group[0] === '3' || e.status === 'proposed-to-open') return none;
    const opened = e.openDate ? iso(e.openDate) : '';
    const from = opened > '2014-01-01' ? opened : '2014-01-01';
    const to = e.closeDate && iso(e.closeDate) < '2024-06-30' ? iso(e.closeDate) : '2024-06-30';
    if (from >= to) return none;
    const start = Date.parse(from);
    const day = new Date(start + this.random.next() * (Date.parse(to) - start)).toISOString().slice(0, 10);
    return { rating: this.random.weighted(ratings), date: dmy(day) };
  }

  /** A date between two ISO days, DD-MM-YYYY. */
  dateBetween(from: string, to: string): string {
    const start = Date.parse(from);
    const d = new Date(start + this.random.int(0, Math.round((Date.parse(to) - start) / 86_400_000)) * 86_400_000);
    return `${pad(d.getUTCDate())}-${pad(d.getUTCMonth() + 1)}-${d.getUTCFullYear()}`;
  }
}
