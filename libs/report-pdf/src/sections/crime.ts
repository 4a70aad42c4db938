import { crimeCategories } from '@pds/contracts';
import { drawBarChart } from '../charts/bar-chart';
import { capitalised, count, metres, monthYear, words } from '../format';
import { facts, paragraph } from '../layout';
import { caption, defineDrawer } from './section';

// Street-level crime around the place: the total over the period, and each category as a horizontal bar, largest
// first, with its count printed at the bar's end.

/** police.uk's name for a category slug; a slug it added later is shown as its words. */
export const crimeCategoryName = (slug: string): string =>
  (crimeCategories as Record<string, readonly string[]>)[slug]?.[0] ?? capitalised(words(slug));

export const crime = defineDrawer('area_crime', ({ doc, brand }, data) => {
  const { period, location } = data;
  facts(doc, [
    ['Crimes recorded', count(data.totalCrimes)],
    ['Within', metres(location.radiusMetres)],
    ['Period', `${monthYear(period.from)} to ${monthYear(period.to)}`],
    [
      'Compared with the wider area',
      data.comparison
        ? `${capitalised(data.comparison.relative)} (${data.comparison.crimesPerSqKm} vs ${data.comparison.widerCrimesPerSqKm} per km² within ${metres(data.comparison.widerRadiusMetres)})`
        : '–',
    ],
  ]);
  const bars = Object.entries(data.byCategory)
    .filter(([, n]) => n > 0)
    .sort(([a, x], [b, y]) => y - x || a.localeCompare(b))
    .map(([slug, n]) => ({ label: crimeCategoryName(slug), value: n }));
  if (bars.length === 0) paragraph(doc, 'No crime was recorded within the radius over the period.');
  else drawBarChart(doc, { bars, colour: brand });
  caption(
    doc,
    `Crimes by category within ${metres(location.radiusMetres)}, ${monthYear(period.from)} to ${monthYear(period.to)} ` +
      `(police.uk street-level data; locations are approximate, snapped to map points).` +
      (period.monthsNotHeld.length > 0 ? ` Months not held: ${period.monthsNotHeld.map(monthYear).join(', ')}.` : ''),
  );
});
