import { businessGateway } from '@pds/land-register';
import { registeredTitles } from '../titles/dataset';
import { registryAddressOf } from '../titles/registry-address';
import { searchTitles } from './title-search';

// Search by Property Description over the test environment's titles, with the address read into the search's parts
// as the adapter reads it: the house number (or name) and the flat, with the postcode.

const found = (address: string, postcode: string) => {
  const parts = businessGateway.searchAddressOf(address, postcode);
  if (!parts) return 'unsearchable';
  const outcome = searchTitles(registeredTitles, parts);
  return outcome.kind === 'found' ? outcome.titles.map((t) => t.titleNumber) : outcome.code;
};

describe('the search’s parts of an address', () => {
  it('are the house number and postcode, with the flat’s number for a flat; a house name when there is no number', () => {
    expect(businessGateway.searchAddressOf('14 Larkspur Close, Wokingham', 'rg409zz')).toEqual({
      buildingName: '14',
      postcode: 'RG40 9ZZ',
    });
    expect(businessGateway.searchAddressOf('Flat 7, Hawthorn Court, 22 Ellery Road, London', 'NW5 9ZZ')).toEqual({
      buildingName: '22',
      buildingNumber: '7',
      postcode: 'NW5 9ZZ',
    });
    expect(businessGateway.searchAddressOf('70B Courtyard Lane', 'RG1 1AA')).toEqual({ buildingName: '70', postcode: 'RG1 1AA' });
    expect(businessGateway.searchAddressOf('Orchard House, Mill Lane', 'BN44 9ZZ')).toEqual({
      buildingName: 'Orchard House',
      postcode: 'BN44 9ZZ',
    });
  });

  it('are none without a house or with a postcode the registry’s schema refuses', () => {
    expect(businessGateway.searchAddressOf('14 Larkspur Close', 'RG40')).toBeNull();
    expect(businessGateway.searchAddressOf('14 Larkspur Close', 'RG40 9CZ')).toBeNull();
  });
});

describe('finding titles by Search by Property Description', () => {
  it('finds a house by its number and postcode', () => {
    expect(found('14 Larkspur Close, Wokingham', 'RG40 9ZZ')).toEqual(['BK509231']);
    expect(found('16 Larkspur Close, Wokingham', 'RG40 9ZZ')).toBe('bg.properties.nopropertyfound');
  });

  it('finds the flat and the freehold of its block for the building’s number, and only the flat with the flat’s', () => {
    expect(found('22 Ellery Road', 'nw59zz')).toEqual(['NGL918273', 'NGL402216']);
    expect(found('Flat 7, Hawthorn Court, 22 Ellery Road, London', 'NW5 9ZZ')).toEqual(['NGL918273']);
  });

  it('needs the postcode to agree', () => {
    expect(found('22 Ellery Road', 'NW5 8ZZ')).toBe('bg.properties.nopropertyfound');
  });

  it('leaves closed titles out', () => {
    expect(found('Orchard House, 3 Mill Lane, Steyning', 'BN44 9ZZ')).toEqual(['WSX402781']);
  });

  it('refuses an address without a house, and the pack’s unknown postcode', () => {
    expect(searchTitles(registeredTitles, { streetName: 'Larkspur Close', postcode: 'RG40 9ZZ' })).toMatchObject({
      code: 'bg.invalid.property.search.criteria',
    });
    expect(searchTitles(registeredTitles, { buildingName: '1', postcode: 'PL1 8XX' })).toMatchObject({ code: 'bg.postcode.invalid' });
  });

  it('matches a street with a trailing wildcard, with the town when there is no postcode', () => {
    const outcome = searchTitles(registeredTitles, { buildingName: '14', streetName: 'LARK*', cityName: 'Wokingham' });
    expect(outcome.kind === 'found' && outcome.titles.map((t) => t.titleNumber)).toEqual(['BK509231']);
  });
});

describe('a title’s address as the registry returns it', () => {
  it('joins back to the line the register holds', () => {
    for (const title of registeredTitles) {
      const found = { titleNumber: title.titleNumber, description: null, tenureCode: '10', address: registryAddressOf(title) };
      expect(businessGateway.matchedAddressOf(found)).toBe(`${title.address} ${title.postcode}`);
    }
  });
});
