import { calibration } from './calibration';
import { valueWithModel, type Sale, type Subject } from './model';

// The model's arithmetic, worked by hand (model.ts says the rules): a flat index unless a test says otherwise.

const sale = (price: number, date: string, over: Partial<Sale> = {}): Sale => ({
  price,
  date,
  postcode: 'RG30 2AN',
  propertyType: 'T',
  duration: 'F',
  newBuild: false,
  floorArea: null,
  address: 'somewhere',
  ...over,
});
const subject = (over: Partial<Subject> = {}): Subject => ({
  postcode: 'RG30 2AN',
  propertyType: 'T',
  duration: 'F',
  floorArea: null,
  sales: [],
  ...over,
});
const flat = () => 1;
const asOf = '2024-01-15';

describe('the valuation model', () => {
  it('takes the weighted median of three like comparables, σ from their spread', () => {
    const comparables = [200_000, 210_000, 250_000].map((p) => sale(p, '2022-07-15'));
    const v = valueWithModel(subject(), comparables, flat, asOf)!;
    // Equal weights: the median is 210,000. Deviations of the logs from ln 210,000: −0.048790, 0, 0.174353; mean square
    // 0.0109265, spread √ = 0.104530. With no sale of its own, what no comparable sees is that spread (above 10%): σ
    // before calibration = √(0.0109265 / 3 + 0.0109265) = √0.0145687 = 0.120701, then × the calibration of comparables
    // in the postcode; score = 100 × e^(−σ / 0.25).
    expect(v.estimate).toBe(210_000);
    expect(v.evidence).toBe('comparables');
    expect(v.sigma).toBeCloseTo(0.120701 * calibration.comparables, 5);
    expect(v.score).toBe(Math.round(100 * Math.exp((-0.120701 * calibration.comparables) / 0.25)));
    expect([v.low, v.high]).toEqual([Math.round(210_000 * Math.exp(-1.2816 * v.sigma)), Math.round(210_000 * Math.exp(1.2816 * v.sigma))]);
    expect(v.comparables.map((c) => c.weight)).toEqual([1 / 3, 1 / 3, 1 / 3]);
    expect(v.ownSale).toBeNull();
  });

  it('never uses a sale on or after the valuation date, nor one of another kind', () => {
    const v = valueWithModel(
      subject({ sales: [sale(150_000, asOf)] }),
      [sale(300_000, '2023-06-01'), sale(999_999, asOf), sale(999_999, '2024-02-01'), sale(999_999, '2023-06-01', { propertyType: 'D' })],
      flat,
      asOf,
    )!;
    expect(v.ownSale).toBeNull();
    expect(v.comparables.map((c) => c.sale.price)).toEqual([300_000]);
    expect(v.estimate).toBe(300_000);
  });

  it('indexes its own last sale to the date: alone, σ = (7% plus 1.2% a year) × its calibration', () => {
    const index = (date: string) => (date < '2023-01-01' ? 1 : 1.1);
    const v = valueWithModel(subject({ sales: [sale(150_000, '2015-05-01'), sale(180_000, '2022-01-15')] }), [], index, asOf)!;
    expect(v.estimate).toBe(198_000); // 180,000 × 1.1 / 1
    // 2022-01-15 to 2024-01-15: 730 days = 23.98 months of 30.4375 days; σ = 0.07 + 0.012 × 23.98 / 12 = 0.093984.
    expect(v.evidence).toBe('own-sale');
    expect(v.sigma).toBeCloseTo(calibration['own-sale'] * (0.07 + (0.012 * (730 / 30.4375)) / 12), 10);
    expect(v.ownSale!.indexedPrice).toBeCloseTo(198_000, 6);
    expect(v.ownSale!.weight).toBe(1);
  });

  it('combines its own sale and the comparables by inverse variance', () => {
    const own = sale(200_000, '2023-01-15');
    const comparables = [200_000, 210_000, 250_000].map((p) => sale(p, '2022-07-15'));
    const v = valueWithModel(subject({ sales: [own] }), comparables, flat, asOf)!;
    const ownSigma = 0.07 + (0.012 * (365 / 30.4375)) / 12;
    const compSigma = 0.1168;
    const share = 1 / ownSigma ** 2 / (1 / ownSigma ** 2 + 1 / compSigma ** 2);
    expect(v.ownSale!.weight).toBeCloseTo(share, 4);
    expect(v.estimate).toBe(Math.round(Math.exp(share * Math.log(200_000) + (1 - share) * Math.log(210_000))));
    expect(v.sigma).toBeCloseTo(calibration['own-sale'] / Math.sqrt(1 / ownSigma ** 2 + 1 / compSigma ** 2), 4);
  });

  it("scales a comparable to the home's floor area: price × (80 / 100)^0.7", () => {
    const v = valueWithModel(subject({ floorArea: 80 }), [sale(300_000, '2023-06-01', { floorArea: 100 })], flat, asOf)!;
    // 0.8^0.7 = e^(0.7 × −0.2231436) = e^−0.1562005 = 0.8553876: 256,616.
    expect(v.comparables[0]!.adjustedPrice).toBeCloseTo(256_616, -1);
  });

  it('weighs place, recency, tenure and new builds', () => {
    const v = valueWithModel(
      subject(),
      [
        sale(1, '2024-01-14'), // same postcode, a day old: weight ≈ 1
        sale(2, '2024-01-14', { postcode: 'RG30 2AB' }), // same sector: 0.4
        sale(3, '2024-01-14', { postcode: 'RG30 4XY' }), // same district: 0.15
        sale(4, '2024-01-14', { postcode: 'RG31 5AA' }), // another district: left out
        sale(5, '2022-07-15'), // 18 months old: 0.5
        sale(6, '2024-01-14', { duration: 'L' }), // leasehold for a freehold: 0.5
        sale(7, '2024-01-14', { newBuild: true }), // a new build: 0.5
      ],
      flat,
      asOf,
    )!;
    const weights = Object.fromEntries(v.comparables.map((c) => [c.sale.price, c.weight]));
    const unit = weights[1]!;
    expect(weights[2]! / unit).toBeCloseTo(0.4, 6);
    expect(weights[3]! / unit).toBeCloseTo(0.15, 6);
    expect(weights[4]).toBeUndefined();
    expect(weights[5]! / unit).toBeCloseTo(0.5 ** ((549 - 1) / 30.4375 / 18), 6);
    expect(weights[6]! / unit).toBeCloseTo(0.5, 6);
    expect(weights[7]! / unit).toBeCloseTo(0.5, 6);
  });

  it('with its kind unknown, values over the comparables of every kind and adds the spread between the kinds to σ', () => {
    const comparables = [
      ...[200_000, 220_000].map((p) => sale(p, '2023-07-15')),
      ...[260_000, 280_000].map((p) => sale(p, '2023-07-15', { propertyType: 'S' })),
      ...[400_000, 440_000].map((p) => sale(p, '2023-07-15', { propertyType: 'D' })),
    ];
    const v = valueWithModel(
      subject({ propertyType: null }),
      [...comparables, sale(999_999, '2023-07-15', { propertyType: 'O' })],
      flat,
      asOf,
    )!;
    // Six equal weights: the weighted median is the third, 260,000. Deviations from ln 260,000: −0.262364, −0.167054,
    // 0, 0.074108, 0.430783, 0.526093; mean square 0.094097. The kinds' own medians (the first of each two): 200,000,
    // 260,000, 400,000, so the squared spread between the kinds is (2 × 0.068835 + 0 + 2 × 0.185574) / 6 = 0.084803, and
    // within them 0.094097 − 0.084803 = 0.009294, under 10%², so what no comparable sees is the 10%. σ² before
    // calibration = 0.094097 / 6 + 0.10² + 0.084803 = 0.110486: σ = 0.332394. Another kind (O) is left out.
    expect(v.estimate).toBe(260_000);
    expect(v.evidence).toBe('mix-of-kinds');
    expect(v.comparables.map((c) => c.sale.propertyType).sort()).toEqual(['D', 'D', 'S', 'S', 'T', 'T']);
    expect(v.sigma).toBeCloseTo(0.332394 * calibration['mix-of-kinds'], 5);
    // The same home known to be terraced: 200,000 and 220,000, median 200,000, spread √(ln(1.1)² / 2) = 0.067394;
    // σ² = 0.067394² / 2 + 0.10² = 0.012271: σ = 0.110775 before calibration, a higher score and a narrower range.
    const known = valueWithModel(subject(), comparables, flat, asOf)!;
    expect(known.estimate).toBe(200_000);
    expect(known.sigma).toBeCloseTo(0.110775 * calibration.comparables, 5);
    expect(v.score).toBeLessThan(known.score);
  });

  it('with no comparable in its postcode, rests on its sector and district (calibrated as such)', () => {
    const v = valueWithModel(
      subject(),
      [sale(300_000, '2023-07-15', { postcode: 'RG30 2AB' }), sale(330_000, '2023-07-15', { postcode: 'RG30 4XY' })],
      flat,
      asOf,
    )!;
    // Weights 0.4 and 0.15: the weighted median is 300,000 (0.4 ≥ half of 0.55). Spread: (0.15 × ln(1.1)²) / 0.55 =
    // 0.15 × 0.0090840 / 0.55 = 0.0024775, √ = 0.049774, below the 5% floor: 0.05. Effective number 0.55² / (0.16 +
    // 0.0225) = 1.657534. What no comparable sees: 10%, above their spread. σ² = 0.05² / 1.657534 + 0.10² = 0.011508;
    // σ = 0.107275.
    expect(v.estimate).toBe(300_000);
    expect(v.evidence).toBe('area-comparables');
    expect(v.sigma).toBeCloseTo(0.107275 * calibration['area-comparables'], 5);
  });

  it('gives no valuation with neither its own sale nor a comparable', () => {
    expect(valueWithModel(subject(), [sale(100_000, '2023-01-01', { propertyType: 'F' })], flat, asOf)).toBeNull();
  });
});
