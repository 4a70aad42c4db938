import { monthPattern, toIsoDate } from './dates';
import type { RegisterLetter } from './register';

// Finds the numbered entries of one register. An entry starts with its number, optionally its registration date in
// brackets, then its text; everything up to the next entry belongs to it, however many lines or pages it runs over.
// Numbers run 1, 2, 3 … so a wrapped line that happens to start with a number ("3 December 2013.", "12 Acacia
// Avenue") only starts an entry when it is the next number, reads like the start of an entry, and the line before
// it ended a sentence rather than breaking one.

export interface ParsedEntry {
  readonly register: RegisterLetter;
  readonly number: number;
  /** YYYY-MM-DD, or null when undated or unreadable. */
  readonly date: string | null;
  readonly text: string;
}

export const entryRef = (entry: Pick<ParsedEntry, 'register' | 'number'>): string => `${entry.register}${entry.number}`;

export interface ParsedRegister {
  /** Lines before the first entry: the standard introduction, the district or the class of title. */
  readonly preamble: string[];
  readonly entries: ParsedEntry[];
  readonly warnings: string[];
}

const entryStart = /^(\d{1,3})(?: ?\(?(\d{1,2}\.\d{1,2}\.\d{2,4})\)?)?(?: (.*))?$/;
const dateOnly = /^\(?\d{1,2}\.\d{1,2}\.\d{2,4}\)?(?: .*)?$/;
const monthFirst = new RegExp(`^${monthPattern}\\b`, 'i');
const continuesSentence =
  /(?:\b(?:of|at|and|or|the|a|an|dated|on|to|by|in|for|from|between|under|No\.|number|numbered|plot|unit|flat|floor|suite|box|block|level|room|apartment)|[,(&-])$/i;
const entryNumberGapMax = 3;

const readsLikeEntryStart = (text: string) => /^["'(\u201c]?[A-Z]/.test(text) && !monthFirst.test(text);

// Some extractors put the number, the date and the text on separate lines: put them back on one.
const joinSplitStarts = (lines: readonly string[]): string[] => {
  const out: string[] = [];
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i]!;
    const next = lines[i + 1];
    if (/^\d{1,3}$/.test(line) && next !== undefined && (dateOnly.test(next) || readsLikeEntryStart(next))) {
      out.push(`${line} ${next}`);
      i++;
      continue;
    }
    const last = out[out.length - 1];
    if (last !== undefined && /^\d{1,3} \(?\d{1,2}\.\d{1,2}\.\d{2,4}\)?$/.test(last) && !entryStart.test(line)) {
      out[out.length - 1] = `${last} ${line}`;
      continue;
    }
    out.push(line);
  }
  return out;
};

const appendLine = (text: string, line: string) => {
  if (text === '') return line;
  if (/[A-Za-z]-$/.test(text) && /^[a-z]/.test(line)) return text + line;
  return `${text} ${line}`;
};

export const parseEntries = (register: RegisterLetter, lines: readonly string[]): ParsedRegister => {
  const result: ParsedRegister = { preamble: [], entries: [], warnings: [] };
  let open: { number: number; date: string | null; text: string } | null = null;
  const close = () => {
    if (open) result.entries.push({ register, number: open.number, date: open.date, text: open.text.trim() });
  };
  const joined = joinSplitStarts(lines);
  for (let i = 0; i < joined.length; i++) {
    const line = joined[i]!;
    const previous = i > 0 ? joined[i - 1]! : '';
    const m = entryStart.exec(line);
    const lastNumber: number = open?.number ?? 0;
    if (m) {
      const number = Number(m[1]);
      const printedDate = m[2] ?? null;
      const rest = m[3] ?? '';
      const dated = printedDate !== null;
      const isNext = number === lastNumber + 1;
      const plausibleGap = number > lastNumber && number <= lastNumber + entryNumberGapMax;
      const starts = dated
        ? isNext || plausibleGap || open === null
        : isNext && rest !== '' && readsLikeEntryStart(rest) && !(open !== null && continuesSentence.test(previous));
      if (starts) {
        if (!isNext) result.warnings.push(`${register} register: entry numbers jump from ${lastNumber} to ${number}`);
        close();
        const date = printedDate === null ? null : toIsoDate(printedDate);
        if (printedDate !== null && date === null)
          result.warnings.push(`${register}${number}: the entry date (${printedDate}) is not a real date`);
        open = { number, date, text: rest };
        continue;
      }
    }
    if (open) open.text = appendLine(open.text, line);
    else result.preamble.push(line);
  }
  close();
  return result;
};
