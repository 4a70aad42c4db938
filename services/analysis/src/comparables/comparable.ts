import { readModels, squareFeetPerSquareMetre, type EnergyCertificate, type SoldComparablesResult } from '@pds/contracts';

const { addressParts, propertyByAddress } = readModels;
type SaleRow = readModels.SaleRow;

// One registered sale as a comparable: Price Paid's codes mapped to the answer's words, and the home's energy
// certificate (matched by address within the postcode) for its floor area, rating and bedrooms.

export type Comparable = SoldComparablesResult['comparables'][number];

export type { SaleRow };

export interface CertificateCandidate extends readModels.AddressCandidate {
  certificate: EnergyCertificate;
}

const propertyTypes: Readonly<Record<string, Comparable['propertyType']>> = {
  D: 'detached',
  S: 'semi-detached',
  T: 'terraced',
  F: 'flat',
};
const estateTypes: Readonly<Record<string, Comparable['estateType']>> = { F: 'freehold', L: 'leasehold' };

/** A PAON that is a house number (`60`, `2A`, `10-12`) goes on the street's line: `60 WESTERN ELMS AVENUE`. */
const houseNumber = /^\d+[A-Z]?(-\d+[A-Z]?)?$/i;

/** The address lines of a sale: SAON, then the PAON (with the street when it is a number), then the street. */
export const saleAddressLines = (sale: Pick<SaleRow, 'saon' | 'paon' | 'street'>): string[] => {
  const { saon, paon, street } = sale;
  const lines = [saon];
  if (paon && street && houseNumber.test(paon)) lines.push(`${paon} ${street}`);
  else lines.push(paon, street);
  return lines.filter((l): l is string => l !== null && l !== '');
};

/** The full address as HM Land Registry records it: the lines, the locality (unless it is the town) and the town. */
export const saleAddress = (sale: SaleRow): string => {
  const place = [sale.locality !== sale.town ? sale.locality : null, sale.town].filter((l): l is string => !!l);
  return [...saleAddressLines(sale), ...place].join(', ');
};

/** Of a home's certificates, the one lodged last on or before the sale, else the first lodged after it. */
export const certificateForSale = (certificates: readonly EnergyCertificate[], saleDate: string): EnergyCertificate | null => {
  const byDate = [...certificates].sort((a, b) => a.lodgementDate.localeCompare(b.lodgementDate));
  return byDate.filter((c) => c.lodgementDate <= saleDate).at(-1) ?? byDate.find((c) => c.lodgementDate > saleDate) ?? null;
};

/** The certificate of the home sold, or null when no home of the postcode matches, or more than one does. */
export const matchCertificate = (sale: SaleRow, candidates: readonly CertificateCandidate[]): EnergyCertificate | null => {
  if (candidates.length === 0) return null;
  const match = propertyByAddress(addressParts(saleAddressLines(sale).join(', ')), candidates);
  return match.kind === 'one'
    ? certificateForSale(
        match.certificates.map((c) => c.certificate),
        sale.transfer_date,
      )
    : null;
};

export const comparableOf = (sale: SaleRow, certificate: EnergyCertificate | null): Comparable => {
  const floorArea = certificate?.floorAreaSqM ?? null;
  const perSqM = floorArea !== null && floorArea > 0 ? sale.price / floorArea : null;
  return {
    address: saleAddress(sale),
    postcode: sale.postcode,
    price: sale.price,
    transactionDate: sale.transfer_date,
    propertyType: propertyTypes[sale.property_type] ?? 'unknown',
    newBuild: sale.new_build,
    estateType: estateTypes[sale.duration] ?? 'unknown',
    floorArea: perSqM === null ? null : floorArea,
    energyRating: certificate?.currentRating ?? null,
    estimatedBedrooms: certificate?.estimatedBedrooms ?? null,
    pricePerSqM: perSqM === null ? null : Math.round(perSqM),
    pricePerSqFt: perSqM === null ? null : Math.round(perSqM / squareFeetPerSquareMetre),
  };
};
