import { squareFeetPerSquareMetre, type epc, type EnergyCertificate, type FloorAreaResult, type PropertyEpcResult } from '@pds/contracts';
import { ukDateOf } from '@pds/service-runtime';

// The two answers built from a property's certificates (newest first, as find-certificates.ts gives them).

type Certificates = epc.FoundCertificates;

const latestOf = (c: EnergyCertificate, today: string): PropertyEpcResult['latest'] => ({
  certificateNumber: c.certificateNumber,
  currentRating: c.currentRating,
  currentEfficiency: c.currentEfficiency,
  potentialRating: c.potentialRating,
  potentialEfficiency: c.potentialEfficiency,
  floorAreaSqM: c.floorAreaSqM,
  lodgementDate: c.lodgementDate,
  inspectionDate: c.inspectionDate,
  expiresOn: c.expiresOn,
  expired: today >= c.expiresOn,
  propertyType: c.propertyType,
  builtForm: c.builtForm,
  constructionAgeBand: c.constructionAgeBand,
  mainFuel: c.mainFuel,
  mainHeating: c.mainHeating,
  transactionType: c.transactionType,
  assessorRecordedTenure: c.assessorRecordedTenure,
});

const earlierOf = (c: EnergyCertificate): PropertyEpcResult['history'][number] => ({
  certificateNumber: c.certificateNumber,
  currentRating: c.currentRating,
  currentEfficiency: c.currentEfficiency,
  lodgementDate: c.lodgementDate,
  inspectionDate: c.inspectionDate,
  floorAreaSqM: c.floorAreaSqM,
});

export const epcAnswer = (found: Certificates, now: Date): PropertyEpcResult => {
  const [latest, ...earlier] = found.certificates as [EnergyCertificate, ...EnergyCertificate[]];
  return {
    property: found.property,
    matchedBy: found.matchedBy,
    origin: found.origin,
    latest: latestOf(latest, ukDateOf(now)),
    history: earlier.map(earlierOf),
  };
};

/** The floor area of the latest certificate recording one, or undefined when none does. */
export const floorAreaAnswer = (found: Certificates): FloorAreaResult | undefined => {
  const index = found.certificates.findIndex((c) => c.floorAreaSqM !== null);
  const c = found.certificates[index];
  if (c === undefined || c.floorAreaSqM === null) return undefined;
  return {
    property: found.property,
    matchedBy: found.matchedBy,
    origin: found.origin,
    floorArea: { squareMetres: c.floorAreaSqM, squareFeet: Math.round(c.floorAreaSqM * squareFeetPerSquareMetre) },
    certificate: {
      certificateNumber: c.certificateNumber,
      lodgementDate: c.lodgementDate,
      inspectionDate: c.inspectionDate,
      latest: index === 0,
    },
    habitableRooms: c.habitableRooms,
    estimatedBedrooms: c.estimatedBedrooms,
  };
};
