import { drawBarChart } from '../charts/bar-chart';
import { count } from '../format';
import { facts } from '../layout';
import { caption, defineDrawer } from './section';

// The English Indices of Deprivation for the neighbourhood (LSOA): the overall decile and each domain's, as small
// bars out of ten. Decile 1 is the most deprived tenth of neighbourhoods, 10 the least.

const domainNames = {
  income: 'Income',
  employment: 'Employment',
  education: 'Education, skills and training',
  health: 'Health and disability',
  crime: 'Crime',
  barriersToHousingAndServices: 'Barriers to housing and services',
  livingEnvironment: 'Living environment',
  incomeDeprivationAffectingChildren: 'Income affecting children',
  incomeDeprivationAffectingOlderPeople: 'Income affecting older people',
} as const;

export const deprivation = defineDrawer('area_deprivation', ({ doc, brand }, data) => {
  facts(doc, [
    ['Neighbourhood', `${data.lsoa.name} (${data.lsoa.code})`],
    ['Local authority', data.localAuthority.name],
    ['Overall decile', `${data.overall.decile} of 10`],
    ['Overall rank', count(data.overall.rank)],
    ['Population', data.population.total === null ? '–' : count(data.population.total)],
  ]);
  drawBarChart(doc, {
    bars: [
      { label: 'Overall', value: data.overall.decile, text: `${data.overall.decile}` },
      ...Object.entries(domainNames).map(([key, label]) => {
        const decile = data.domains[key as keyof typeof domainNames].decile;
        return { label, value: decile, text: `${decile}` };
      }),
    ],
    colour: brand,
    maxValue: 10,
    barHeightPt: 9,
  });
  caption(doc, 'Deciles: 1 is the most deprived tenth of neighbourhoods in England, 10 the least deprived.');
});
