import { coalLayers, groundRiskDisclaimer, landslideHighSeverityMetres, type CoalLayer, type GroundRiskResult } from '@pds/contracts';
import type { GeologyFeature } from './geology-client';
import type { LandslideNear } from './landslides-client';

// The screen from what each source answered, by the specification's severity rules: pure, so every rule and every
// `complete` path is tested by hand (screen.unit.spec.ts). A source that failed is `undefined`.

export interface ScreenInputs {
  location: GroundRiskResult['location'];
  /** The context service's layers matched (reporting area, development high risk area, surface mining, resources). */
  coalContext: Set<CoalLayer> | undefined;
  /** The specific-risk service's layers matched (outcrops, workings, fissures, mine entries, zones). */
  coalSpecific: Set<CoalLayer> | undefined;
  landslides: LandslideNear[] | undefined;
  geology: GeologyFeature[] | undefined;
}

type Severity = 'none' | 'medium' | 'high' | 'unknown';
const rank = { unknown: -1, none: 0, low: 1, medium: 2, high: 3 } as const;

/** BGS's kinds of ordinary mapping; anything else mapped at the point (artificial ground, mass movement, linear features) prompts review. */
const ordinaryGeology = /^(bedrock|superficial)/i;

const coalOf = (context: Set<CoalLayer> | undefined, specific: Set<CoalLayer> | undefined): GroundRiskResult['coalMining'] => {
  const matched = new Set<CoalLayer>([...(context ?? []), ...(specific ?? [])]);
  const failed = context === undefined || specific === undefined;
  const order = Object.keys(coalLayers) as CoalLayer[];
  const severities = [...matched].map((l) => coalLayers[l].severity);
  const riskLevel: Severity = severities.includes('high') ? 'high' : severities.includes('medium') ? 'medium' : failed ? 'unknown' : 'none';
  return {
    status: matched.size > 0 ? 'matched' : failed ? 'unavailable' : 'clear',
    riskLevel,
    reportingArea: matched.has('reportingArea'),
    developmentHighRiskArea: matched.has('developmentHighRiskArea'),
    matchedLayers: order.filter((l) => matched.has(l)).map((l) => coalLayers[l].name),
  };
};

const text = (value: unknown) => (value === null || value === undefined || String(value).trim() === '' ? null : String(value).trim());
/** A year as recorded; the database writes UNKNOWN where none is known. */
const year = (value: unknown) => {
  const t = text(value);
  return t === null || /^unknown$/i.test(t) ? null : t;
};

const landslidesOf = (found: LandslideNear[] | undefined): GroundRiskResult['landslides'] => {
  if (found === undefined) return { status: 'unavailable', riskLevel: 'unknown', count: 0, records: [] };
  const records = found.map(({ feature, distanceMetres }) => {
    const p = feature.properties;
    const uncertainty = Number(p.plus_or_minus_metres);
    return {
      id: text(p.landslide_number) ?? text(p.ls_id) ?? text(feature.id) ?? '?',
      name: text(p.landslide_name),
      locality: text(p.locality_details),
      year: year(p.first_known_date_year),
      distanceMetres: Math.round(distanceMetres),
      positionUncertaintyMetres: Number.isFinite(uncertainty) && text(p.plus_or_minus_metres) !== null ? uncertainty : null,
    };
  });
  const riskLevel: Severity =
    found.length === 0 ? 'none' : found.some((l) => l.distanceMetres <= landslideHighSeverityMetres) ? 'high' : 'medium';
  return { status: found.length === 0 ? 'clear' : 'found', riskLevel, count: records.length, records };
};

/** `Bedrock`: London Clay Formation: clay, silt and sand (Ypresian Age to Lutetian Age). */
const describeGeology = (f: GeologyFeature) => {
  const { LEX_D: unit, RCS_D: rock, MAX_TIME_D: from, MIN_TIME_D: to } = f.fields;
  const age = from && to && from !== to ? `${from} to ${to}` : (from ?? to);
  const named = [unit, rock && rock.toLowerCase() !== unit?.toLowerCase() ? rock.toLowerCase() : undefined].filter(Boolean).join(': ');
  return `${named || 'Mapped feature'}${age ? ` (${age})` : ''}`;
};

const geologyOf = (features: GeologyFeature[] | undefined): GroundRiskResult['geology'] => {
  if (features === undefined) return { status: 'unavailable', riskLevel: 'unknown', features: [] };
  const review = features.some((f) => !ordinaryGeology.test(f.kind));
  return {
    status: review ? 'review' : 'clear',
    riskLevel: review ? 'review' : 'none',
    features: features.map((f) => ({ label: f.kind, description: describeGeology(f) })),
  };
};

export const groundRiskScreen = (inputs: ScreenInputs): GroundRiskResult => {
  const coalMining = coalOf(inputs.coalContext, inputs.coalSpecific);
  const landslides = landslidesOf(inputs.landslides);
  const geology = geologyOf(inputs.geology);
  const unavailable = (
    [
      ['coal-mining-context', inputs.coalContext],
      ['coal-mining-specific', inputs.coalSpecific],
      ['landslides', inputs.landslides],
      ['geology', inputs.geology],
    ] as const
  )
    .filter(([, v]) => v === undefined)
    .map(([k]) => k);
  const complete = unavailable.length === 0;
  const found = [coalMining.riskLevel, landslides.riskLevel].reduce<'none' | 'medium' | 'high'>(
    (top, level) => (level !== 'unknown' && rank[level] > rank[top] ? level : top),
    'none',
  );
  const riskLevel = found !== 'none' ? found : geology.riskLevel === 'review' ? 'low' : complete ? 'none' : 'unknown';
  return {
    location: inputs.location,
    coverage: 'great-britain',
    complete,
    riskLevel,
    coalMining,
    landslides,
    geology,
    unavailable: [...unavailable],
    disclaimer: groundRiskDisclaimer,
  };
};
