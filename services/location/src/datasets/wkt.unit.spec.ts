import { wktProblem } from './wkt';

describe('well-known text as planning.data.gov.uk publishes it', () => {
  it.each([
    'MULTIPOLYGON (((-0.104776 51.488985,-0.104728 51.489031,-0.104751 51.489052,-0.104776 51.488985)))',
    'MULTIPOLYGON(((1 51,1.1 51,1.1 51.1,1 51)),((2 51,2.1 51,2.1 51.1,2 51)))',
    'POLYGON ((-0.9 51.4,-0.8 51.4,-0.8 51.5,-0.9 51.4),(-0.85 51.42,-0.84 51.42,-0.84 51.43,-0.85 51.42))',
    'POINT(-0.104538 51.489006)',
    'POINT (-2.861575 51.287561)',
  ])('reads %s', (text) => {
    expect(wktProblem(text)).toBeUndefined();
  });

  it.each([
    ['LINESTRING (0 0,1 1)', /not a POINT, POLYGON or MULTIPOLYGON/],
    ['POINT (1)', /a coordinate expected/],
    ['POINT (200 51)', /not a longitude and latitude/],
    ['POLYGON ((0 51,1 51,0 51))', /a ring of 3 points/],
    ['POLYGON ((0 51,1 51,1 52,0 52))', /does not close/],
    ['MULTIPOLYGON (((0 51,1 51,1 52,0 51))', /"," or "\)" expected|"\(" expected/],
    ['POINT (1 51) trailing', /not a POINT/],
    ['', /not a POINT/],
  ])('refuses %s', (text, problem) => {
    expect(wktProblem(text)).toMatch(problem);
  });
});
