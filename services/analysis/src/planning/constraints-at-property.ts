import { listedBuildingRadiusMetres, type PlanningConstraintsResult } from '@pds/contracts';

// Which of the planning constraints found around a property's point apply to the property itself: the areas it lies
// in, and a listed building published as a point within listedBuildingRadiusMetres (listed buildings are published as
// points, usually on the building; a few metres between that point and the address's is the same building). Lettings
// compliance and the property profile both ask this, so the rule is written once.

type Constraint = PlanningConstraintsResult['constraints'][number];

export const appliesToProperty = (c: Constraint): boolean =>
  c.distanceMetres === 0 || (c.type === 'listed-building' && c.distanceMetres <= listedBuildingRadiusMetres);

export const constraintsAtProperty = (constraints: readonly Constraint[]): Constraint[] => constraints.filter(appliesToProperty);
