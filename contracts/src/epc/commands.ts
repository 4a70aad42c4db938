import { defineCommand } from '../messaging/envelope';
import { Source } from '../rest/sources';
import { z } from '../zod';
import { CertificateOrigin, EnergyCertificate } from './certificate';

// The gateway asks the location service (which owns the bulk certificates and the live register's adapter) for a
// property's energy certificates. Refusals come back as domain errors whose codes are REST error codes.

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

export const FindEnergyCertificates = defineCommand(
  'FindEnergyCertificates',
  z.object({ property: PropertyRef }),
  z.object({
    property: MatchedProperty,
    matchedBy: z.enum(['uprn', 'address']),
    origin: CertificateOrigin,
    /** Newest lodgement first; at least one. */
    certificates: z.array(EnergyCertificate).min(1),
    sources: z.array(Source),
  }),
);

/** The domain errors of FindEnergyCertificates: each is also a REST error code. */
export const epcErrorCodes = {
  notFound: 'EPC_NOT_FOUND',
  ambiguous: 'EPC_ADDRESS_AMBIGUOUS',
  serviceError: 'EPC_SERVICE_ERROR',
} as const;
