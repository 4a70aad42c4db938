import {
  enquiryPriorities,
  type PlanningConstraintType,
  type PlanningConstraintsResult,
  type ProfileEnquiry,
  type ProfileTitle,
  type PropertyEpcResult,
} from '@pds/contracts';

// The enquiries a profile raises: what its findings ask a conveyancer to follow up, each with the rule it rests on.
// `high`: a person should look before exchange (it can change whether or on what terms to proceed); `medium`: ask the
// seller or the authority; `low`: worth confirming.

type Constraint = PlanningConstraintsResult['constraints'][number];
type Rule = { code: string; priority: ProfileEnquiry['priority']; message: string };

const listed: Rule = {
  code: 'LISTED_BUILDING',
  priority: 'high',
  message:
    'A listed building: works affecting its character need listed building consent (Planning (Listed Buildings and ' +
    'Conservation Areas) Act 1990); ask for the consents for past works.',
};

/** What each kind of planning constraint at the property asks for. */
const planningRules: Record<PlanningConstraintType, Rule | ((c: Constraint) => Rule)> = {
  'listed-building': listed,
  'listed-building-outline': listed,
  'conservation-area': {
    code: 'CONSERVATION_AREA',
    priority: 'medium',
    message: 'In a conservation area: permitted development is restricted and demolition needs consent; ask what works were done.',
  },
  'article-4-direction-area': {
    code: 'ARTICLE_4_DIRECTION',
    priority: 'medium',
    message: 'An Article 4 direction removes permitted development rights here; ask whether past works had planning permission.',
  },
  'tree-preservation-zone': {
    code: 'TREE_PRESERVATION_ORDER',
    priority: 'medium',
    message: "Trees here are protected by a tree preservation order: works to them need the council's consent.",
  },
  'flood-risk-zone': (c) =>
    Number(c.details['flood-risk-level'] ?? 0) >= 3
      ? {
          code: 'FLOOD_ZONE_3',
          priority: 'high',
          message: 'In flood zone 3 (high probability of flooding from rivers or the sea): ask about flooding and insurance.',
        }
      : {
          code: 'FLOOD_ZONE_2',
          priority: 'medium',
          message: 'In flood zone 2 (medium probability of flooding from rivers or the sea): ask about flooding and insurance.',
        },
  'green-belt': {
    code: 'GREEN_BELT',
    priority: 'low',
    message: 'In the green belt: new building and large extensions are strictly controlled.',
  },
  'area-of-outstanding-natural-beauty': {
    code: 'NATIONAL_LANDSCAPE',
    priority: 'low',
    message: 'In a national landscape (area of outstanding natural beauty): development is more strictly controlled.',
  },
  'scheduled-monument': {
    code: 'SCHEDULED_MONUMENT',
    priority: 'high',
    message: 'On a scheduled monument: almost any works need scheduled monument consent (Ancient Monuments Act 1979).',
  },
  'world-heritage-site': {
    code: 'WORLD_HERITAGE_SITE',
    priority: 'medium',
    message: 'In a world heritage site: development affecting it is closely controlled.',
  },
  'world-heritage-site-buffer-zone': {
    code: 'WORLD_HERITAGE_SITE',
    priority: 'medium',
    message: "In a world heritage site's buffer zone: development affecting the site is closely controlled.",
  },
};

export interface Findings {
  title: ProfileTitle;
  legalTenure: string | undefined;
  /** The certificates; `none` when none is registered; null when they could not be had. */
  epc: PropertyEpcResult | 'none' | null;
  /** The constraints at the property; `wales` when not covered there; null when they could not be had. */
  planning: Constraint[] | 'wales' | null;
}

const certificateEnquiries = (epc: Findings['epc']): Rule[] => {
  if (epc === null) return [];
  if (epc === 'none')
    return [
      {
        code: 'NO_ENERGY_CERTIFICATE',
        priority: 'medium',
        message:
          'No energy performance certificate is registered: one is needed before the property is marketed for sale or let ' +
          '(Energy Performance of Buildings (England and Wales) Regulations 2012).',
      },
    ];
  const { latest } = epc;
  const rules: Rule[] = [];
  if (latest.currentRating === 'F' || latest.currentRating === 'G')
    rules.push({
      code: 'ENERGY_RATING_BELOW_MINIMUM',
      priority: 'high',
      message:
        `Rated ${latest.currentRating}, below E: it may not be let unless an exemption is registered (Energy Efficiency ` +
        '(Private Rented Property) (England and Wales) Regulations 2015).',
    });
  if (latest.expired)
    rules.push({
      code: 'ENERGY_CERTIFICATE_EXPIRED',
      priority: 'medium',
      message: `The latest energy performance certificate expired on ${latest.expiresOn}: a new one is needed to sell or let.`,
    });
  return rules;
};

const titleEnquiries = (title: ProfileTitle, legalTenure: string | undefined): Rule[] => {
  const rules: Rule[] = [];
  if (title.status === 'no_match')
    rules.push({
      code: 'NO_REGISTERED_TITLE',
      priority: 'high',
      message:
        'HM Land Registry holds no title for the property: the land may be unregistered. Ask for the title deeds (an ' +
        'epitome of title); the sale will lead to first registration.',
    });
  if (title.status === 'multiple_titles')
    rules.push({
      code: 'MULTIPLE_TITLES',
      priority: 'high',
      message: `HM Land Registry holds ${title.candidates?.length ?? 'several'} titles for the property: confirm which the sale includes.`,
    });
  if (legalTenure === 'leasehold')
    rules.push({
      code: 'LEASEHOLD',
      priority: 'medium',
      message: "Leasehold: ask for the lease (the term left, ground rent, service charges) and the landlord's details.",
    });
  return rules;
};

const planningEnquiries = (planning: Findings['planning']): Rule[] => {
  if (planning === null) return [];
  if (planning === 'wales')
    return [
      {
        code: 'PLANNING_NOT_COVERED_IN_WALES',
        priority: 'medium',
        message:
          "Planning constraints are not covered in Wales (planning.data.gov.uk's datasets are England's): ask the local " +
          'planning authority, and Cadw for listed buildings.',
      },
    ];
  const rules = planning.map((c) => {
    const rule = planningRules[c.type];
    return typeof rule === 'function' ? rule(c) : rule;
  });
  // Zone 3 lies within zone 2's extent: a property in both is in zone 3, and one enquiry says so.
  const inZone3 = rules.some((r) => r.code === 'FLOOD_ZONE_3');
  return inZone3 ? rules.filter((r) => r.code !== 'FLOOD_ZONE_2') : rules;
};

const councilTax: Rule = {
  code: 'COUNCIL_TAX_BAND',
  priority: 'low',
  message: "The council tax band is not held here: read it in the Valuation Office Agency's search (gov.uk/council-tax-bands).",
};

/** The enquiries of a profile, most pressing first, each code once. */
export const enquiriesOf = (f: Findings): ProfileEnquiry[] => {
  const all = [...titleEnquiries(f.title, f.legalTenure), ...certificateEnquiries(f.epc), ...planningEnquiries(f.planning), councilTax];
  const once = [...new Map(all.map((r) => [r.code, r])).values()];
  const rank = (r: Rule) => enquiryPriorities.indexOf(r.priority);
  return once.sort((a, b) => rank(a) - rank(b)).map(({ code, priority, message }) => ({ code, priority, message }));
};
