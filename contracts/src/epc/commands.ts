import { defineCommand } from '../messaging/envelope';
import { FloorAreaResult, PropertyEpcResult } from '../rest/epc';
import { Source } from '../rest/sources';
import { z } from '../zod';
import { CertificateOrigin, EnergyCertificate } from './certificate';

// The location service (which owns the bulk certificates and the live register's adapter) answers the EPC and floor
// area lookups; the gateway and the analysis service ask it. Refusals come back as domain errors whose codes are the
// REST error codes the caller reads (EPC_NOT_FOUND or FLOOR_AREA_NOT_FOUND, EPC_ADDRESS_AMBIGUOUS, EPC_SERVICE_ERROR).

/** A property: by its UPRN, or by its address within a postcode (already normalised by the REST contract). */
export const PropertyRef = z.union([
  z.object({ uprn: z.string().regex(/^\d{1,12}$/) }),
  z.object({ address: z.string().min(2).max(300), postcode: z.string().min(5).max(8) }),
]);
export type PropertyRef = z.infer<typeof PropertyRef>;

export const MatchedProperty = z.object({
  uprn: z.string().nullable(),
  address: z.string(),
  postcode: z.string(),
});

/** A property's certificates as the location service finds them, before an answer is made of them. */
export const FoundCertificates = z.object({
  property: MatchedProperty,
  matchedBy: z.enum(['uprn', 'address']),
  origin: CertificateOrigin,
  /** Newest lodgement first; at least one. */
  certificates: z.array(EnergyCertificate).min(1),
  sources: z.array(Source),
});
export type FoundCertificates = z.infer<typeof FoundCertificates>;

const sourced = <T extends z.ZodTypeAny>(data: T) => z.object({ data, sources: z.array(Source) });

/** `property_epc`'s answer: the latest certificate in full and the earlier ones. */
export const DescribeEnergyCertificates = defineCommand(
  'DescribeEnergyCertificates',
  z.object({ property: PropertyRef }),
  sourced(PropertyEpcResult),
);

/** `property_floor_area`'s answer: the floor area of the latest certificate recording one. */
export const DescribeFloorArea = defineCommand('DescribeFloorArea', z.object({ property: PropertyRef }), sourced(FloorAreaResult));
