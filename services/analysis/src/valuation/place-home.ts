import { readModels } from '@pds/contracts';
import type pg from 'pg';
import { certificateForDate, typeOfCertificate } from './evidence';
import type { Certificate, DatedSale, DistrictSales, Home } from './district-sales';
import type { PropertyTypeCode, Sale } from './model';

// Placing the home to be valued: what is known of it on the valuation date, and how it is known. A home is placed when
// the address dataset holds it (the one resolver), when it has a sale or a certificate of its own before the date, or,
// where the address dataset lists nothing in the postcode, when its house number and street are those of the postcode's
// known homes (the number within the street's known numbers there). Where the dataset lists the postcode it lists every
// address in it, so an address it does not hold is not placed by its street. Its kind is its last sale's, else its
// certificate's, else the address dataset's classification, else a flat when its address names one; else unknown.

const { addressMatches, addressParts, propertyByAddress } = readModels;
type AddressParts = readModels.AddressParts;

export type PlacedBy = 'price-paid' | 'energy-certificate' | 'address-dataset' | 'postcode-street';

export type Placing =
  | {
      kind: 'placed';
      homes: Home[];
      ownSales: Sale[];
      latestCertificate: Certificate | null;
      propertyType: PropertyTypeCode | null;
      identifiedBy: PlacedBy[];
      /** The address as a dataset writes it, else as asked. */
      address: string;
    }
  | { kind: 'not-found' }
  | { kind: 'not-residential'; classification: string };

const codes = new Set(['D', 'S', 'T', 'F']);

/** AddressBase's dwelling classes by kind of home; other residential classes (RD01 caravan, RD07 house boat, RD08
 * sheltered accommodation, RD10 holiday caravan, RH houses in multiple occupation) say it is a home, not which kind. */
const typeOfClass: Readonly<Record<string, PropertyTypeCode>> = { RD02: 'D', RD03: 'S', RD04: 'T', RD06: 'F' };

/**
 * A home the service values: a dwelling (RD…) or a house in multiple occupation (RH…), and U (not yet classified) and
 * X (dual use, a shop with its flat) as homes of unknown kind. Land, commercial, parent shells (PP, a building of
 * flats), garages and car spaces (RG, RC), ancillary buildings (RB) and institutions (RI, a care home) are not.
 */
export const isHomeClass = (classification: string): boolean => /^(RD|RH|U|X)/.test(classification);

/** The flat words an address uses for a flat; `Unit` is left out, as it names workshops as often as flats. */
const flatWords = /\b(FLAT|APARTMENT|APT|MAISONETTE|STUDIO)\b|\bFLOOR\b/i;

const saleOf = (home: Home, s: Home['sales'][number], asOf: string): Sale => ({
  price: s.price,
  date: s.date,
  postcode: home.postcode,
  propertyType: s.propertyType,
  duration: s.duration,
  newBuild: s.newBuild,
  floorArea: certificateForDate(home.certificates, s.date, asOf)?.floorArea ?? null,
  address: home.address,
});

export const salesOf = (homes: readonly Home[], asOf: string, from = '') =>
  homes.flatMap((h) => h.sales.filter((s) => s.date >= from && s.date < asOf).map((s) => saleOf(h, s, asOf)));

/** The index of the first of the district's sales dated on or after `date`. */
const firstOnOrAfter = (sales: readonly DatedSale[], date: string) => {
  let [low, high] = [0, sales.length];
  while (low < high) {
    const middle = (low + high) >>> 1;
    if (sales[middle]!.sale.date < date) low = middle + 1;
    else high = middle;
  }
  return low;
};

/** The district's sales from `from` to before `asOf`, but those of the homes `except`, in the district's order. */
export const salesBetween = (district: DistrictSales, from: string, asOf: string, except: ReadonlySet<string>): Sale[] => {
  const within: DatedSale[] = [];
  const { salesByDate } = district;
  for (let i = firstOnOrAfter(salesByDate, from); i < salesByDate.length && salesByDate[i]!.sale.date < asOf; i++)
    if (!except.has(salesByDate[i]!.home.key)) within.push(salesByDate[i]!);
  return within.sort((a, b) => a.order - b.order).map(({ home, sale }) => saleOf(home, sale, asOf));
};

const houseNumber = (parts: AddressParts) => Number.parseInt(parts.numbers.at(-1) ?? '', 10);

/** On a street of the postcode's known homes, its number within the street's known numbers there. */
const onKnownStreet = (wanted: AddressParts, known: readonly AddressParts[]): boolean => {
  const number = houseNumber(wanted);
  const street = wanted.streetWords.join(' ');
  if (!Number.isFinite(number) || street === '') return false;
  const numbers = known
    .filter((p) => p.streetWords.join(' ') === street)
    .map(houseNumber)
    .filter(Number.isFinite);
  return numbers.length > 0 && number >= Math.min(...numbers) && number <= Math.max(...numbers);
};

export const placeHome = async (
  db: pg.Pool,
  district: DistrictSales,
  asked: { postcode: string; address: string },
  asOf: string,
): Promise<Placing> => {
  const { postcode } = asked;
  const resolved = await readModels.addressQueries.resolve(db, { address: asked.address, postcode });
  const wanted = resolved.kind === 'found' ? resolved.parts : addressParts(asked.address);
  const inPostcode = district.homesByPostcode.get(postcode) ?? [];
  const homes = inPostcode.filter((h) => addressMatches(wanted, h.parts));
  const ownSales = salesOf(homes, asOf).sort((a, b) => a.date.localeCompare(b.date));
  const certificates = district.certificatesByPostcode.get(postcode) ?? [];
  const found = propertyByAddress(wanted, certificates);
  const ownCertificates = found.kind === 'one' ? found.certificates.filter((c) => c.lodgementDate < asOf) : [];
  const inDataset = resolved.kind === 'found';
  const classification = inDataset ? resolved.property.classification : null;
  const own = ownSales.length > 0 || ownCertificates.length > 0;
  if (!own && classification !== null && !isHomeClass(classification)) return { kind: 'not-residential', classification };
  const byStreet =
    !own && resolved.kind === 'unlisted' && onKnownStreet(wanted, [...inPostcode.map((h) => h.parts), ...certificates.map((c) => c.parts)]);
  if (!own && !inDataset && !byStreet) return { kind: 'not-found' };

  const latestCertificate = [...ownCertificates].sort((a, b) => a.lodgementDate.localeCompare(b.lodgementDate)).at(-1) ?? null;
  const lastType = ownSales.at(-1)?.propertyType;
  const named = [asked.address, ...(inDataset ? resolved.property.lines : [])].some((l) => flatWords.test(l));
  const propertyType =
    (lastType && codes.has(lastType) ? (lastType as PropertyTypeCode) : null) ??
    typeOfCertificate(latestCertificate) ??
    (classification ? (typeOfClass[classification.slice(0, 4)] ?? null) : null) ??
    (wanted.flat !== null && named ? 'F' : null);
  const identifiedBy: PlacedBy[] = [
    ...(ownSales.length > 0 ? ['price-paid' as const] : []),
    ...(ownCertificates.length > 0 ? ['energy-certificate' as const] : []),
    ...(inDataset ? ['address-dataset' as const] : []),
    ...(byStreet ? ['postcode-street' as const] : []),
  ];
  // Not the address of a sale on or after the date: nothing from then is known.
  const address =
    ownSales.at(-1)?.address ??
    latestCertificate?.address ??
    (inDataset ? [...resolved.property.lines, resolved.property.town].join(', ') : asked.address);
  return { kind: 'placed', homes, ownSales, latestCertificate, propertyType, identifiedBy, address };
};
