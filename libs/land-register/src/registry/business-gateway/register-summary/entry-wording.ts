import type { PartyName, SummaryAddress, SummaryParty } from '../messages/register-summary';

// Small readers of the standard wording of register entries, for the registry test environment: HM Land Registry
// keeps names, dates and amounts as data and prints them into the wording, while the project's Register keeps only
// the printed text. These read back just what the summary needs, from the wording of the standard entries:
//   PROPRIETOR: DAVID ALAN PRESCOTT and HANNAH MAY PRESCOTT of 14 Larkspur Close, Wokingham RG40 9ZZ.
//   Proprietor: ASHDOWN SECURED LENDING LIMITED (Co. Regn. No. 08812345) of 40 Kings Road, Reading RG1 9ZZ.
//   REGISTERED CHARGE dated 25 February 2022.
//   The price stated to have been paid on 25 February 2022 was £485,000.
// They are deliberately independent of the project's register parser, whose reading is compared with this one.

const months = ['january', 'february', 'march', 'april', 'may', 'june', 'july', 'august', 'september', 'october', 'november', 'december'];

/** "25 February 2022" → 2022-02-25; null for anything else. */
export const isoFromWords = (text: string): string | null => {
  const match = /^(\d{1,2}) ([A-Za-z]+) (\d{4})$/.exec(text.trim());
  if (!match) return null;
  const month = months.indexOf(match[2]!.toLowerCase());
  if (month < 0) return null;
  const day = Number(match[1]);
  const date = new Date(Date.UTC(Number(match[3]), month, day));
  if (date.getUTCDate() !== day) return null;
  return date.toISOString().slice(0, 10);
};

const postcodePattern = /\b([A-Z]{1,2}\d[A-Z\d]? ?\d[A-Z]{2})\s*\)?\s*\.?$/;

/** "14 Larkspur Close, Wokingham RG40 9ZZ" → lines and postcode; a bracketed postcode is read too. */
export const addressOf = (text: string): SummaryAddress => {
  const trimmed = text.trim().replace(/\.$/, '');
  const postcode = postcodePattern.exec(trimmed)?.[1] ?? null;
  const rest = postcode === null ? trimmed : trimmed.slice(0, trimmed.lastIndexOf(postcode)).replace(/\s*\(\s*$/, '');
  const lines = rest
    .split(',')
    .map((line) => line.trim())
    .filter((line) => line !== '');
  return { postcode, numbers: [], lines };
};

const organisationWords = /\b(LIMITED|LTD|PLC|LLP|SOCIETY|BANK|COUNCIL|TRUST|COMPANY|CORPORATION|ASSOCIATION|PARTNERSHIP)\b/i;
const companyNumberPattern = /\s*\(Co\. Regn\. No\. ([^)]+)\)/i;

/** One name as printed: an organisation when it says so (suffix or company number), else forenames and surname. */
export const partyNameOf = (printed: string): PartyName => {
  const companyNumber = companyNumberPattern.exec(printed)?.[1]?.trim() ?? null;
  const name = printed.replace(companyNumberPattern, '').trim();
  if (companyNumber !== null || organisationWords.test(name)) return { kind: 'organisation', name, companyNumber };
  const words = name.split(/\s+/);
  const surname = words.pop() ?? name;
  return { kind: 'individual', forenames: words.length > 0 ? words.join(' ') : null, surname };
};

/**
 * The parties of a proprietor or chargee entry: "PROPRIETOR: A and B of ADDRESS[ and of ADDRESS]". Names are
 * separated by " and " or ", " before the first " of "; the addresses after it are shared by every name. Null when
 * the entry is not in that form.
 */
export const proprietorPartiesOf = (text: string): SummaryParty[] | null => {
  const match = /^PROPRIETORS?\s*:\s*(.+?)\.?$/i.exec(text.trim());
  if (!match) return null;
  const body = match[1]!;
  const of = body.search(/\s+of\s+/);
  const names = of < 0 ? body : body.slice(0, of);
  const addresses =
    of < 0
      ? []
      : body
          .slice(of)
          .replace(/^\s+of\s+/, '')
          .split(/\s+and of\s+/)
          .filter((a) => !/@/.test(a))
          .map(addressOf);
  return names
    .split(/\s+and\s+|,\s+/)
    .filter((n) => n.trim() !== '')
    .map((n) => ({ ...partyNameOf(n), addresses, description: null }));
};

/** "REGISTERED CHARGE dated 25 February 2022." → the date as printed and as YYYY-MM-DD. */
export const chargeDateOf = (text: string): { printed: string; iso: string } | null => {
  const match = /^REGISTERED CHARGE dated (\d{1,2} [A-Za-z]+ \d{4})\b/i.exec(text.trim());
  const iso = match ? isoFromWords(match[1]!) : null;
  return match && iso ? { printed: match[1]!, iso } : null;
};

/** "The price stated to have been paid on 25 February 2022 was £485,000." → date (YYYY-MM-DD) and amount as printed. */
export const pricePaidOf = (text: string): { date: string; amount: string } | null => {
  const match = /price stated to have been paid on (\d{1,2} [A-Za-z]+ \d{4}) was (£[\d,]+(?:\.\d{2})?)/i.exec(text);
  const date = match ? isoFromWords(match[1]!) : null;
  return match && date ? { date, amount: match[2]! } : null;
};

/** The lease particulars' labelled lines: "Date : 30 June 2005", "Term : …", "Rent : …", "Parties : (1) … (2) …". */
export const leaseParticularsOf = (
  paragraphs: readonly string[],
): { date: string; term: string; rent: string | null; parties: string[] } | null => {
  const labelled = (label: string) => {
    const at = paragraphs.findIndex((p) => new RegExp(`^${label}\\s*:`, 'i').test(p));
    return at < 0 ? null : { at, value: paragraphs[at]!.replace(/^[^:]*:\s*/, '').trim() };
  };
  const date = labelled('Date');
  const term = labelled('Term');
  const parties = labelled('Parties');
  if (!date || !term || !parties) return null;
  const listed = [parties.value, ...paragraphs.slice(parties.at + 1)]
    .join(' ')
    .split(/\(\d+\)\s*/)
    .map((p) => p.trim())
    .filter((p) => p !== '');
  return { date: date.value, term: term.value, rent: labelled('Rent')?.value ?? null, parties: listed };
};
