// Which land an entry is about, in the register's own words. "The land" on its own means the land in this title;
// "The land tinted pink on the title plan" names part of it; "over the footpath coloured brown" names the land a
// right is exercised over; "for the benefit of the adjoining land known as …" names the land a covenant serves.

const phraseMaxChars = 120;
const phraseEnd = /(?:[.;:]|,? and to\b|, so\b|, and\b| that\b| shall\b| which\b| but\b| together\b| subject\b| for the\b| in common\b)/i;

const cut = (text: string): string => {
  const end = phraseEnd.exec(text);
  const phrase = (end ? text.slice(0, end.index) : text).trim().replace(/[,\s]+$/, '');
  return phrase.length > phraseMaxChars ? `${phrase.slice(0, phraseMaxChars).replace(/\s+\S*$/, '')}…` : phrase;
};

const sentenceCase = (text: string) => text.charAt(0).toLowerCase() + text.slice(1);

/** "The land tinted pink on the title plan has …" → "the land tinted pink on the title plan". */
export const subjectLand = (lead: string): string | null => {
  const m = /^((?:The|That|Those) (?:part|parts|land)\b.*?)\s+(?:has|have|is|are)\b/i.exec(lead);
  if (!m) return null;
  const subject = sentenceCase(m[1]!.trim());
  return /^the land$/i.test(subject) ? 'the land in this title' : subject;
};

/** The land a right is exercised over: "over the footpath coloured brown on the title plan". */
export const landCrossed = (lead: string): string | null => {
  const m = /\b(?:over|across|through|along|upon|under)\s+((?:the|a|an|that|those)\s.+)$/i.exec(lead);
  return m ? cut(m[1]!) : null;
};

/** The land or people a burden serves: "for the benefit of the adjoining land known as Brightwell Farm". */
export const landServed = (text: string): string | null => {
  const m = /\b(?:for the benefit (?:and protection )?of|in favour of)\s+((?:the|a|an|any|all)\s.+)$/i.exec(text);
  return m ? cut(m[1]!) : null;
};

/** The land a deed dealt with: "A Conveyance of the land in this title and other land dated …". */
export const landConveyed = (lead: string): string | null => {
  const m = /^(?:An?|The)\s+[A-Za-z ]+?\s+of\s+(the\s.*?)(?=\s+and other land\b|\s+dated\b)/i.exec(lead);
  return m ? m[1]!.trim() : null;
};
