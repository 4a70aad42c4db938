import type { RenovationUpliftInput, RenovationUpliftResult } from '@pds/contracts';

/** Square feet in one square metre (1 ft = 0.3048 m exactly). */
export const sqFtPerM2 = 1 / (0.3048 * 0.3048);

/** Money and per-area figures are whole pounds; rounding happens once, on the way out. */
const whole = (x: number) => Math.round(x);
/** Areas keep their decimals but lose binary noise such as 0.1 + 0.2 = 0.30000000000000004. */
const area = (x: number) => Math.round(x * 1e6) / 1e6;

/**
 * The calculation, in the specification's order: (1) base £/m² = value / floorArea; (2) extension value =
 * extensionArea × base £/m²; (3) subtotal = value + extension value; (4) uplift = subtotal × uplift% / 100;
 * (5) adjusted = subtotal + uplift; (6) total area = floorArea + extensionArea, adjusted £/m² = adjusted / total area.
 */
export const calculateRenovationUplift = (input: RenovationUpliftInput): RenovationUpliftResult => {
  const { value, floorArea, extensionArea, renovationUplift } = input;
  const basePerM2 = value / floorArea;
  const extensionValue = extensionArea * basePerM2;
  const subtotal = value + extensionValue;
  const upliftValue = (subtotal * renovationUplift) / 100;
  const adjusted = subtotal + upliftValue;
  const totalFloorArea = floorArea + extensionArea;
  const adjustedPerM2 = adjusted / totalFloorArea;
  const change = adjusted - value;

  return {
    input: { value, floorArea, extensionArea, renovationUplift },
    result: {
      originalValue: value,
      adjustedValue: whole(adjusted),
      totalChange: whole(change),
      totalChangePercent: `${((change / value) * 100).toFixed(1)}%`,
      pricePerM2: { original: whole(basePerM2), adjusted: whole(adjustedPerM2) },
      pricePerSqFt: { original: whole(basePerM2 / sqFtPerM2), adjusted: whole(adjustedPerM2 / sqFtPerM2) },
      breakdown: {
        extensionArea,
        extensionValue: whole(extensionValue),
        totalFloorArea: area(totalFloorArea),
        renovationUplift: `${renovationUplift}%`,
        renovationUpliftValue: whole(upliftValue),
      },
    },
  };
};
