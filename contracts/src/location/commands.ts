import { defineCommand } from '../messaging/envelope';
import { AreaStatisticsResult } from '../rest/area-statistics';
import { CrimeResult } from '../rest/crime';
import { DeprivationResult } from '../rest/deprivation';
import { GroundRiskResult } from '../rest/ground-risk';
import { PlaceRef } from '../rest/place';
import { PlanningConstraintsResult } from '../rest/planning-constraints';
import { schoolPhaseSlugs } from '../rest/school-values';
import { SchoolsResult } from '../rest/schools';
import { OwnershipResult } from '../rest/ownership';
import { AddressLookupResult } from '../rest/addresses';
import { BoundaryResult } from '../rest/property-boundary';
import { PropertyRef } from '../epc/commands';
import { Source } from '../rest/sources';
import { z } from '../zod';

// The location service (which owns the reference data and the adapters of the upstreams behind Location Intelligence)
// answers each of these, for the gateway or the analysis service. A refusal comes back as a domain error whose code is
// the REST error code the caller reads.

const sourced = <T extends z.ZodTypeAny>(data: T) => z.object({ data, sources: z.array(Source) });

export const CountCrimes = defineCommand(
  'CountCrimes',
  z.object({
    place: PlaceRef,
    radiusMetres: z.number().int().min(25).max(2000),
    from: z.string().optional(),
    to: z.string().optional(),
  }),
  sourced(CrimeResult),
);

export const DescribeDeprivation = defineCommand(
  'DescribeDeprivation',
  z.object({ postcode: z.string().min(5).max(8) }),
  sourced(DeprivationResult),
);

export const ScreenGroundRisk = defineCommand(
  'ScreenGroundRisk',
  z.object({ place: PlaceRef, radiusMetres: z.number().int().min(25).max(2000) }),
  sourced(GroundRiskResult),
);

export const FindPlanningConstraints = defineCommand(
  'FindPlanningConstraints',
  z.object({ place: PlaceRef, radiusMetres: z.number().int().min(0).max(500) }),
  sourced(PlanningConstraintsResult),
);

export const DescribeAreaStatistics = defineCommand(
  'DescribeAreaStatistics',
  z.object({ postcode: z.string().min(5).max(8) }),
  sourced(AreaStatisticsResult),
);

export const FindSchools = defineCommand(
  'FindSchools',
  z.object({
    place: PlaceRef,
    radiusMetres: z.number().int().min(100).max(5000),
    phases: z.array(z.enum(schoolPhaseSlugs)).nullable(),
    includeClosed: z.boolean(),
    limit: z.number().int().min(1).max(100),
  }),
  sourced(SchoolsResult),
);

export const FindCompanyOwners = defineCommand(
  'FindCompanyOwners',
  z.union([z.object({ titleNumber: z.string().min(1).max(20) }), z.object({ postcode: z.string().min(5).max(8) })]),
  sourced(OwnershipResult),
);

/** `property_boundary`'s answer: the property's INSPIRE polygon and its freehold title (`titleNumber` chooses one of several). */
export const DescribeBoundary = defineCommand(
  'DescribeBoundary',
  z.object({ property: PropertyRef, titleNumber: z.string().min(1).max(20).optional() }),
  sourced(BoundaryResult),
);

/** `uprn_address_lookup`'s answer: the address of a UPRN, or the UPRN of an address (the one property resolver). */
export const DescribeAddress = defineCommand('DescribeAddress', z.object({ property: PropertyRef }), sourced(AddressLookupResult));
