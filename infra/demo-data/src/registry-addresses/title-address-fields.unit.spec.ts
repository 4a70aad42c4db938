import { titleAddressFields } from './title-address-fields';

// Royal Mail's fields from addresses as the property register writes them, worked out by hand.

const none = {
  subBuilding: '',
  buildingName: '',
  buildingNumber: '',
  paoNumber: '',
  paoSuffix: '',
  doubleDependentLocality: '',
  dependentLocality: '',
};

describe('titleAddressFields', () => {
  it('reads a flat in a named, numbered building', () => {
    expect(titleAddressFields('Flat 7, Hawthorn Court, 22 Ellery Road, London')).toEqual({
      ...none,
      subBuilding: 'FLAT 7',
      buildingName: 'HAWTHORN COURT',
      buildingNumber: '22',
      paoNumber: '22',
      thoroughfare: 'ELLERY ROAD',
      postTown: 'LONDON',
    });
  });

  it('reads a locality between the street and the post town', () => {
    expect(titleAddressFields('5 Quarry Bank, Bollington, Macclesfield')).toEqual({
      ...none,
      buildingNumber: '5',
      paoNumber: '5',
      thoroughfare: 'QUARRY BANK',
      dependentLocality: 'BOLLINGTON',
      postTown: 'MACCLESFIELD',
    });
  });

  it('reads a name with no number as the building name', () => {
    expect(titleAddressFields('Land on the north side of Moorcock Lane, Hebden Bridge')).toEqual({
      ...none,
      buildingName: 'LAND ON THE NORTH SIDE OF MOORCOCK LANE',
      thoroughfare: '',
      postTown: 'HEBDEN BRIDGE',
    });
  });

  it('writes a number with a letter as a building name, and a flat of a numbered building', () => {
    expect(titleAddressFields('Flat 1, 294A Oxford Road, Reading')).toEqual({
      ...none,
      subBuilding: 'FLAT 1',
      buildingName: '294A',
      paoNumber: '294',
      paoSuffix: 'A',
      thoroughfare: 'OXFORD ROAD',
      postTown: 'READING',
    });
  });

  it('refuses an address without a post town', () => {
    expect(() => titleAddressFields('14 Larkspur Close')).toThrow(/no post town/);
  });
});
