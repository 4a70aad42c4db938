// police.uk's crime categories: the slug its API uses (`/api/crime-categories`) and the name its street-level CSV
// files use in `Crime type`. `violent-crime` is named "Violence and sexual offences" since May 2013 ("Violent crime"
// before); "Public disorder and weapons" was split into public order and possession of weapons in May 2013.
// Source: https://data.police.uk/docs/method/crime-categories/ and https://data.police.uk/about/#columns.

export const crimeCategories = {
  'anti-social-behaviour': ['Anti-social behaviour'],
  'bicycle-theft': ['Bicycle theft'],
  burglary: ['Burglary'],
  'criminal-damage-arson': ['Criminal damage and arson'],
  drugs: ['Drugs'],
  'other-theft': ['Other theft'],
  'possession-of-weapons': ['Possession of weapons'],
  'public-order': ['Public order'],
  robbery: ['Robbery'],
  shoplifting: ['Shoplifting'],
  'theft-from-the-person': ['Theft from the person'],
  'vehicle-crime': ['Vehicle crime'],
  'violent-crime': ['Violence and sexual offences', 'Violent crime'],
  'other-crime': ['Other crime'],
  'public-disorder-weapons': ['Public disorder and weapons'],
} as const satisfies Record<string, readonly string[]>;

export type CrimeCategory = keyof typeof crimeCategories;

const slugByName = new Map<string, CrimeCategory>(
  Object.entries(crimeCategories).flatMap(([slug, names]) => names.map((n) => [n.toLowerCase(), slug as CrimeCategory])),
);

/**
 * The slug of a published crime type. A type police.uk adds later has no slug here yet: it is written as its name in
 * lower case with hyphens (police.uk's own way of making slugs), so it is counted under a stable key, not dropped.
 */
export const crimeCategoryOf = (name: string): string =>
  slugByName.get(name.trim().toLowerCase()) ??
  name
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
