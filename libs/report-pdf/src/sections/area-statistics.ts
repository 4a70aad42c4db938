import { count, orDash, percent } from '../format';
import { columns, paragraph, subheading, table } from '../layout';
import type { DataOf } from '../model';
import { defineDrawer } from './section';

// Census 2021 for the neighbourhood, the wider area and the local authority: people and households, then tenure and
// accommodation type side by side for the three areas.

type Statistics = DataOf<'area_statistics'>;
type Area = NonNullable<Statistics['lsoa']>;
type Categories = NonNullable<Area['tenure']>;

const areasOf = (data: Statistics) =>
  (
    [
      ['Neighbourhood (LSOA)', data.lsoa],
      ['Middle layer (MSOA)', data.msoa],
      ['Local authority', data.localAuthority],
    ] as const
  ).flatMap(([label, area]) => (area ? [{ label, area: area as Area }] : []));

const shareTable = (
  title: string,
  areas: ReturnType<typeof areasOf>,
  pick: (a: Area) => Categories | null,
  brand: string,
  doc: Parameters<typeof table>[0],
) => {
  const first = areas.map((a) => pick(a.area)).find((c) => c !== null);
  if (!first) return;
  subheading(doc, title);
  table(
    doc,
    columns([['', 3.4], ...areas.map((a) => [a.label, 2, 'right'] as const)]),
    first.categories.map((category) => [
      category.label,
      ...areas.map((a) => {
        const found = pick(a.area)?.categories.find((c) => c.key === category.key);
        return found ? `${count(found.count)} (${orDash(found.sharePercent, percent)})` : '–';
      }),
    ]),
    brand,
  );
};

export const areaStatistics = defineDrawer('area_statistics', ({ doc, brand }, data) => {
  const areas = areasOf(data);
  table(
    doc,
    columns([
      ['Area', 4],
      ['Code', 2],
      ['Population', 1.6, 'right'],
      ['Households', 1.6, 'right'],
    ]),
    areas.map(({ label, area }) => [`${label}: ${area.name}`, area.code, orDash(area.population, count), orDash(area.households, count)]),
    brand,
  );
  shareTable('Tenure (households)', areas, (a) => a.tenure, brand, doc);
  shareTable('Accommodation type (households)', areas, (a) => a.accommodationType, brand, doc);
  for (const missing of data.unavailable) paragraph(doc, `${missing.area}: ${missing.message}`, 'italic', 8.5);
});
