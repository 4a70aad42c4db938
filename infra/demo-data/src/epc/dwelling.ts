import type { PricePaidAddress } from './price-paid-addresses';
import type { Random } from './prng';

// What stays the same across a synthetic home's certificates: its form, size, age and heating, drawn to suit the
// Price Paid property type (flats smaller and more often electrically heated, detached houses larger, terraces older).

export interface Dwelling {
  propertyType: 'House' | 'Bungalow' | 'Flat' | 'Maisonette';
  builtForm: string;
  /** RdSAP age band letter, A (before 1900) to L (2012 onwards). */
  ageBand: string;
  floorAreaSqM: number;
  habitableRooms: number;
  fuel: 'gas' | 'electricity' | 'oil';
  /** The SAP score of its first certificate. */
  baseEfficiency: number;
  /** Flats: the floor (0 ground) and the storeys of the block. */
  floor: number | null;
  storeys: number | null;
}

const bandStarts: ReadonlyArray<readonly [string, number]> = [
  ['A', 0],
  ['B', 1900],
  ['C', 1930],
  ['D', 1950],
  ['E', 1967],
  ['F', 1976],
  ['G', 1983],
  ['H', 1991],
  ['I', 1996],
  ['J', 2003],
  ['K', 2007],
  ['L', 2012],
];

export const ageBandOfYear = (year: number): string => bandStarts.filter(([, start]) => year >= start).at(-1)![0];

const agesByType: Readonly<Record<PricePaidAddress['type'], ReadonlyArray<readonly [string, number]>>> = {
  T: [['A', 25], ['B', 25], ['C', 20], ['D', 12], ['E', 8], ['F', 5], ['G', 5]],
  S: [['B', 10], ['C', 35], ['D', 25], ['E', 15], ['F', 10], ['G', 5]],
  D: [['B', 5], ['C', 15], ['D', 20], ['E', 20], ['F', 15], ['G', 15], ['H', 10]],
  F: [['D', 10], ['E', 20], ['F', 15], ['G', 20], ['H', 15], ['I', 15], ['J', 5]],
}; // prettier-ignore

/** The SAP score a home of each age band typically had when first assessed. */
const efficiencyByAge: Readonly<Record<string, number>> = {
  A: 44,
  B: 49,
  C: 54,
  D: 57,
  E: 59,
  F: 62,
  G: 65,
  H: 68,
  I: 72,
  J: 76,
  K: 80,
  L: 83,
};

const area = (random: Random, min: number, max: number) => Math.round((min + random.next() * (max - min)) * 100) / 100;

export const dwellingOf = (address: PricePaidAddress, random: Random): Dwelling => {
  const ageBand = address.builtYear !== null ? ageBandOfYear(address.builtYear) : random.weighted(agesByType[address.type]);
  const base = efficiencyByAge[ageBand]! + random.int(-8, 8);
  switch (address.type) {
    case 'F': {
      const floorAreaSqM = area(random, 32, 85);
      const storeys = random.int(2, 5);
      return {
        propertyType: random.chance(0.12) ? 'Maisonette' : 'Flat',
        builtForm: random.weighted([
          ['Detached', 30],
          ['Semi-Detached', 20],
          ['Mid-Terrace', 25],
          ['End-Terrace', 15],
          ['Enclosed Mid-Terrace', 10],
        ]),
        ageBand,
        floorAreaSqM,
        habitableRooms: floorAreaSqM < 42 ? random.int(1, 2) : floorAreaSqM < 60 ? random.int(2, 3) : random.int(3, 4),
        fuel: random.chance(0.35) ? 'electricity' : 'gas',
        baseEfficiency: Math.min(base + 5, 86),
        floor: random.int(0, storeys - 1),
        storeys,
      };
    }
    case 'T':
      return {
        propertyType: 'House',
        builtForm: random.chance(0.65) ? 'Mid-Terrace' : 'End-Terrace',
        ageBand,
        floorAreaSqM: area(random, 58, 115),
        habitableRooms: random.int(3, 5),
        fuel: random.chance(0.04) ? 'electricity' : 'gas',
        baseEfficiency: base,
        floor: null,
        storeys: null,
      };
    case 'S':
      return {
        propertyType: random.chance(0.15) ? 'Bungalow' : 'House',
        builtForm: 'Semi-Detached',
        ageBand,
        floorAreaSqM: area(random, 68, 135),
        habitableRooms: random.int(4, 6),
        fuel: random.weighted([
          ['gas', 93],
          ['electricity', 4],
          ['oil', 3],
        ]),
        baseEfficiency: base,
        floor: null,
        storeys: null,
      };
    case 'D': {
      const floorAreaSqM = area(random, 95, 230);
      return {
        propertyType: random.chance(0.2) ? 'Bungalow' : 'House',
        builtForm: 'Detached',
        ageBand,
        floorAreaSqM,
        habitableRooms: Math.min(9, 4 + Math.round(floorAreaSqM / 45)),
        fuel: random.weighted([
          ['gas', 90],
          ['electricity', 4],
          ['oil', 6],
        ]),
        baseEfficiency: base,
        floor: null,
        storeys: null,
      };
    }
  }
};
