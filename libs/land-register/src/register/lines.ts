// The text of an official copy as lines, with what the page puts around the register taken out. Extractors differ in
// how they mark pages (pdftotext's form feeds, "-- 1 of 3 --" joiners, "[Page 2]"), and every page of a real copy
// repeats its title number and page count; none of that may end up inside an entry that runs over a page break.

const pageFurniture: readonly RegExp[] = [
  /^page \d+ of \d+$/i,
  /^-{1,3} ?\d+ of \d+ ?-{1,3}$/,
  /^\[?page \d+\]?$/i,
  /^title number:? ?[a-z]{0,3} ?\d+(?: page \d+ of \d+)?$/i,
  /^h\.?m\.? land registry$/i,
];

export const isPageFurniture = (line: string): boolean => pageFurniture.some((re) => re.test(line));

/** Non-empty, whitespace-collapsed lines, page furniture removed. */
export const registerLines = (text: string): string[] =>
  text
    .replace(/\r\n?/g, '\n')
    .replace(/\f/g, '\n')
    .split('\n')
    .map((line) => line.replace(/[\s\u00a0]+/g, ' ').trim())
    .filter((line) => line !== '' && !isPageFurniture(line));

const symbolRun = /[#@~%^*|¦¬§¤=<>{}[\]\\_]{3,}/;
// Short lines are mostly dates and numbers ("Issued on 02 May 2024."): only longer text is judged by its letters.
const letterShareMin = 0.5;
const letterShareFromChars = 25;

/** Text that came out of the extractor as noise rather than words (bad encoding, OCR debris, a damaged page). */
export const isGarbled = (text: string): boolean => {
  const visible = text.replace(/\s/g, '');
  if (visible.length === 0) return false;
  if (/\uFFFD/.test(text) || symbolRun.test(text)) return true;
  const letters = visible.replace(/[^A-Za-z]/g, '').length;
  return visible.length >= letterShareFromChars && letters / visible.length < letterShareMin;
};

/** The first `maxChars` of a text, cut at a word, for quoting in a warning. */
export const excerpt = (text: string, maxChars = 80): string => {
  if (text.length <= maxChars) return text;
  const cut = text.slice(0, maxChars);
  const space = cut.lastIndexOf(' ');
  return `${(space > maxChars / 2 ? cut.slice(0, space) : cut).replace(/[\s,;:.]+$/, '')}…`;
};
