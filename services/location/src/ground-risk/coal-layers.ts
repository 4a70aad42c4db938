import type { CoalLayer } from '@pds/contracts';

// Which of the screen's coal layers a service's layer is, from its title (and name): the Coal Authority does not
// document its WMS layer names beyond two (Coal.Outcrops, Probable.Shallow.Coal.Mine.Workings), so each service's
// GetCapabilities is read and its layers are recognised by what they are called. Order matters: a mine entry's zone of
// influence before the mine entries, probable shallow workings before other shallow workings. A layer none of these
// describes (mine gas, recorded hazards, low risk areas) is not part of the screen's rules.

const rules: Array<[CoalLayer, (text: string) => boolean]> = [
  ['mineEntryInfluenceZones', (t) => /(mine.?entr|shaft|adit)/.test(t) && /(influence|zone)/.test(t)],
  ['mineEntries', (t) => /(mine.?entr|shaft|adit)/.test(t)],
  ['outcrops', (t) => /outcrop/.test(t)],
  ['probableShallowWorkings', (t) => /probable/.test(t) && /shallow/.test(t)],
  ['pastShallowWorkings', (t) => /shallow/.test(t) && /working/.test(t)],
  ['fissures', (t) => /(fissure|breakline)/.test(t)],
  ['reportingArea', (t) => /reporting.?area/.test(t)],
  ['developmentHighRiskArea', (t) => /high.?risk/.test(t)],
  ['surfaceMining', (t) => /surface.?mining/.test(t)],
  ['coalResources', (t) => /resource/.test(t)],
];

export const coalLayerOf = (layer: { name: string; title: string }): CoalLayer | undefined => {
  const text = `${layer.title} ${layer.name}`.toLowerCase();
  return rules.find(([, test]) => test(text))?.[0];
};
