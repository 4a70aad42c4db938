// Amounts as Business Gateway's schemas write them: decimal pounds (`8.00`, `8`, `12.0`); pence in the project's code.

/** Pence as the schema's decimal pounds: 800 → `8.00`. */
export const poundsText = (pence: number): string => {
  if (!Number.isSafeInteger(pence) || pence < 0) throw new Error(`not a whole, non-negative number of pence: ${pence}`);
  return `${Math.floor(pence / 100)}.${String(pence % 100).padStart(2, '0')}`;
};

/** Decimal pounds as pence: `8.00`, `8`, `12.0` → 800, 800, 1200; more than two decimal places is an error. */
export const penceOf = (pounds: string): number => {
  const match = /^\s*(\d+)(?:\.(\d{0,2})0*)?\s*$/.exec(pounds);
  if (!match) throw new Error(`not an amount of pounds and pence: ${pounds}`);
  return Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
};
