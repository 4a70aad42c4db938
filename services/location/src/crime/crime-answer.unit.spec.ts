import { comparisonOf, crimeAnswer, widerRadiusOf } from './crime-answer';

// The crime answer's arithmetic, worked by hand.

describe('the comparison with the wider area', () => {
  it('takes a circle of 4 × the radius, between 1 and 8 km', () => {
    expect([25, 250, 500, 1_999, 2_000].map(widerRadiusOf)).toEqual([1_000, 1_000, 2_000, 7_996, 8_000]);
  });

  it('sets crime per km² here against the wider circle', () => {
    // 50 crimes in 500 m: 50 / (π × 0.25 km²) = 63.66 per km²; 200 in 2 km: 200 / (π × 4 km²) = 15.92 per km²;
    // 63.66 / 15.92 = 4.00: higher.
    expect(comparisonOf(50, 500, 200)).toEqual({
      widerRadiusMetres: 2_000,
      widerTotalCrimes: 200,
      crimesPerSqKm: 63.7,
      widerCrimesPerSqKm: 15.9,
      ratio: 4,
      relative: 'higher',
    });
    // 10 in 500 m (12.73 per km²) against 160 in 2 km (12.73 per km²): 1.00, similar; 2 against 160: 0.2, lower.
    expect(comparisonOf(10, 500, 160)).toMatchObject({ ratio: 1, relative: 'similar' });
    expect(comparisonOf(2, 500, 160)).toMatchObject({ ratio: 0.2, relative: 'lower' });
  });

  it('says none when the wider area has no crime either', () => {
    expect(comparisonOf(0, 100, 0)).toEqual({
      widerRadiusMetres: 1_000,
      widerTotalCrimes: 0,
      crimesPerSqKm: 0,
      widerCrimesPerSqKm: 0,
      ratio: null,
      relative: 'none',
    });
  });
});

describe('the crime answer', () => {
  const base = {
    location: { postcode: null, latitude: 53.8, longitude: -1.55 },
    radiusMetres: 500,
    from: '2017-06',
    to: '2017-08',
    monthsAnswered: ['2017-06', '2017-07'],
    monthsNotHeld: ['2017-08'],
    origin: 'bulk' as const,
    nearest: [],
  };

  it('lists every current category (0 when none) in the total and in each month, and sums them', () => {
    const answer = crimeAnswer({
      ...base,
      counts: [
        { month: '2017-06', category: 'burglary', crimes: 3 },
        { month: '2017-07', category: 'burglary', crimes: 2 },
        { month: '2017-07', category: 'violent-crime', crimes: 5 },
      ],
      widerCrimes: 100,
    });
    expect(answer.totalCrimes).toBe(10);
    expect(Object.keys(answer.byCategory)).toHaveLength(14);
    expect(answer.byCategory).toMatchObject({ burglary: 5, 'violent-crime': 5, drugs: 0, 'anti-social-behaviour': 0 });
    expect(answer.byMonth.map((m) => [m.month, m.totalCrimes, m.byCategory.burglary])).toEqual([
      ['2017-06', 3, 3],
      ['2017-07', 7, 2],
    ]);
    expect(answer.period).toEqual({ from: '2017-06', to: '2017-08', monthsAnswered: ['2017-06', '2017-07'], monthsNotHeld: ['2017-08'] });
    expect(answer.location).toEqual({ postcode: null, latitude: 53.8, longitude: -1.55, radiusMetres: 500 });
  });

  it('keeps a category police.uk no longer uses when the month holds it, and has no comparison without the wider count', () => {
    const answer = crimeAnswer({ ...base, counts: [{ month: '2017-06', category: 'public-disorder-weapons', crimes: 1 }] });
    expect(answer.byCategory['public-disorder-weapons']).toBe(1);
    expect(answer.comparison).toBeNull();
  });
});
