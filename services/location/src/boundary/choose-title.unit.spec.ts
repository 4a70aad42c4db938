import { chooseTitle } from './choose-title';

// The registry's answers for the demo region's properties and the test environment's block of flats
// (infra/src/registry-simulator/titles/dataset.ts).
const house = { titleNumber: 'BK302250', tenure: 'freehold', matchedAddress: '250 Oxford Road, Reading RG30 1AB' };
const rear = { titleNumber: 'BK302251', tenure: 'freehold', matchedAddress: 'Land at the rear of 250 Oxford Road, Reading RG30 1AB' };
const flat = { titleNumber: 'NGL918273', tenure: 'leasehold', matchedAddress: 'Flat 7, Hawthorn Court, 22 Ellery Road, London NW5 9ZZ' };
const block = { titleNumber: 'NGL402216', tenure: 'freehold', matchedAddress: 'Hawthorn Court, 22 Ellery Road, London NW5 9ZZ' };

describe('choosing the title of a boundary', () => {
  it('takes the one freehold title, passing over leaseholds (index polygons are of freeholds)', () => {
    expect(chooseTitle([flat, block])).toEqual({ kind: 'chosen', title: block });
  });

  it('answers no title when the registry holds none, or only leaseholds', () => {
    expect(chooseTitle([])).toEqual({ kind: 'chosen', title: null });
    expect(chooseTitle([flat])).toEqual({ kind: 'chosen', title: null });
  });

  it('asks which of two freehold titles, listing both, and takes the one named', () => {
    expect(chooseTitle([house, rear])).toEqual({ kind: 'ambiguous', candidates: [house, rear] });
    expect(chooseTitle([house, rear], 'BK302251')).toEqual({ kind: 'chosen', title: rear });
  });

  it('refuses a title number that is not one of the freeholds, a leasehold one included', () => {
    expect(chooseTitle([house, rear], 'BK999999')).toEqual({ kind: 'not_matched', freeholds: ['BK302250', 'BK302251'] });
    expect(chooseTitle([flat, block], 'NGL918273')).toEqual({ kind: 'not_matched', freeholds: ['NGL402216'] });
  });
});
