import { chooseScale, chooseScaleBar, pointsPerGroundMetre, scaleBarBlocks } from './boundary-map';

describe('boundary map scale', () => {
  it('draws a 20 × 15 m plot on a 400 × 300 pt frame at 1:200', () => {
    // 1 m of paper is 72 / 0.0254 = 2,834.6 pt. To fit 20 m into 400 pt the ratio must be at least
    // 20 × 2,834.6 / 400 = 141.7; 15 m into 300 pt needs the same, 141.7. The smallest round ratio at or above it is
    // 1:200, at which 1 m is 14.17 pt: the plot is 283.5 × 212.6 pt, inside the frame.
    expect(chooseScale(20, 15, 400, 300)).toBe(200);
    expect(pointsPerGroundMetre(200)).toBeCloseTo(14.173, 3);
    // Its scale bar may take 40% of the frame (160 pt): 10 m is 141.7 pt and 20 m would be 283.5 pt, so 10 m in
    // five blocks of 2 m.
    const bar = chooseScaleBar(200, 160);
    expect(bar.lengthM).toBe(10);
    expect(bar.lengthPt).toBeCloseTo(141.73, 2);
    expect(scaleBarBlocks(bar.lengthM)).toBe(5);
  });

  it('takes the next round ratio when the plot is a little larger', () => {
    // 30 × 15 m: 30 × 2,834.6 / 400 = 212.6, above 200: 1:250.
    expect(chooseScale(30, 15, 400, 300)).toBe(250);
    // The fixture's plot, 15.0 × 42.7 m: the height decides, 42.7 × 2,834.6 / 300 = 403.5, so 1:500; there 1 m is
    // 5.67 pt, 20 m is 113.4 pt (50 m would be 283.5 pt, over 160): a 20 m bar in four blocks of 5 m.
    expect(chooseScale(15, 42.7, 400, 300)).toBe(500);
    expect(chooseScaleBar(500, 160).lengthM).toBe(20);
    expect(scaleBarBlocks(20)).toBe(4);
    // A 300 m field: 300 × 2,834.6 / 400 = 2,126: 1:2,500.
    expect(chooseScale(300, 120, 400, 300)).toBe(2500);
  });

  it('refuses an extent too large for a page', () => {
    expect(() => chooseScale(20_000, 10_000, 400, 300)).toThrow('too large');
  });
});
