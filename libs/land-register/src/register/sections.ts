import type { RegisterLetter } from './register';

// Splits the lines of a register into the header (everything before the property register), the three registers,
// any schedules that follow them, and whatever comes after "End of register" (dropped). A heading repeated at the
// top of a page ("C: Charges Register continued") continues the register it names.

export const registerNames: Record<RegisterLetter, string> = {
  A: 'Property Register',
  B: 'Proprietorship Register',
  C: 'Charges Register',
};

const letterByName: Record<string, RegisterLetter> = { property: 'A', proprietorship: 'B', charges: 'C' };

const headingWithLetter = /^([ABC]) ?[:.)]? ?(Property|Proprietorship|Charges) Register(?: continued)?:?$/i;
const headingWithoutLetter = /^(Property|Proprietorship|Charges) Register(?: continued)?:?$/i;
const scheduleHeading = /^Schedule of [a-z ,]+$/i;
const endOfRegister = /^End of register\.?$/i;
// A wrapped sentence can leave "Charges Register" alone on a line ("... referred to in the" / "Charges Register").
const endsMidSentence = /\b(?:the|in|of|to|and)$/i;

export interface RegisterSections {
  readonly header: string[];
  readonly registers: Record<RegisterLetter, string[] | null>;
  readonly schedules: { heading: string; lines: string[] }[];
  readonly ended: boolean;
}

const headingLetter = (line: string, previous: string | undefined): RegisterLetter | null => {
  const lettered = headingWithLetter.exec(line);
  if (lettered) return letterByName[lettered[2]!.toLowerCase()] ?? null;
  const bare = headingWithoutLetter.exec(line);
  if (bare && !(previous !== undefined && endsMidSentence.test(previous))) return letterByName[bare[1]!.toLowerCase()] ?? null;
  return null;
};

export const splitSections = (lines: readonly string[]): RegisterSections => {
  const result: RegisterSections = { header: [], registers: { A: null, B: null, C: null }, schedules: [], ended: false };
  let current: string[] = result.header;
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    if (endOfRegister.test(line)) return { ...result, ended: true };
    const letter = headingLetter(line, lines[i - 1]);
    if (letter) {
      current = result.registers[letter] ??= [];
      continue;
    }
    if (scheduleHeading.test(line) && result.registers.C !== null) {
      const schedule = { heading: line, lines: [] as string[] };
      result.schedules.push(schedule);
      current = schedule.lines;
      continue;
    }
    current.push(line);
  }
  return result;
};
