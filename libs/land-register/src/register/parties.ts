// Names and addresses as registers write them: "PROPRIETOR: JOHN SMITH and JANE SMITH of 1 High Street, Town AB1 2CD
// and of 2 Low Road, Town AB1 2CE." Names are in capitals and the joining words ("and", "of") in lower case, so the
// case of a word tells a separator from part of a name ("MARKS AND SPENCER PLC", "THE MAYOR AND BURGESSES OF THE
// LONDON BOROUGH OF CAMDEN"). When the text has lost its case the same rules are applied without it.

export interface NamedParty {
  readonly name: string;
  readonly address: string | null;
}

const companyNumber = /\s*\(Co\. ?Regn\. ?No\.? ?[^)]*\)/gi;
const companySuffix = /\b(?:LIMITED|LTD|PLC|LLP|LLC|COUNCIL|SOCIETY|BANK|TRUST|ASSOCIATION|COMPANY|CORPORATION|PARTNERSHIP|INC)\.?$/i;

const isCapitalised = (text: string) => {
  const letters = text
    .replace(companyNumber, '')
    .replace(/\b(?:and|of)\b/g, '')
    .replace(/[^A-Za-z]/g, '');
  return letters.length > 0 && letters === letters.toUpperCase();
};

const tidy = (text: string) =>
  text
    .replace(/\s+/g, ' ')
    .replace(/^[\s,;:]+|[\s,;.]+$/g, '')
    .trim();

/** "JOHN SMITH, JANE SMITH and ACME LIMITED" → three names; "MARKS AND SPENCER PLC" stays one. */
export const splitNames = (names: string, caseSensitive = true): string[] => {
  const separator = caseSensitive ? /(,\s+|\s+and\s+)/ : /(,\s+|\s+and\s+)/i;
  const pieces = names.split(separator);
  const out: string[] = [];
  let pending = '';
  for (let i = 0; i < pieces.length; i += 2) {
    const piece = pieces[i]!.trim();
    const joiner = pieces[i - 1] ?? '';
    const candidate = pending === '' ? piece : `${pending}${joiner}${piece}`;
    // A single word is not a whole name ("MARKS" of "MARKS and SPENCER"): keep it for the next piece.
    const wholeName =
      candidate.replace(companyNumber, '').trim().split(/\s+/).length > 1 || companySuffix.test(candidate.replace(companyNumber, ''));
    if (wholeName || i === pieces.length - 1) {
      out.push(tidy(candidate));
      pending = '';
    } else pending = candidate;
  }
  return out.filter((n) => n !== '');
};

// "and JANE SMITH" at the end of an address chunk starts the next proprietor group.
const trailingNames = (chunk: string, caseSensitive: boolean): { address: string; names: string } | null => {
  const joiner = caseSensitive ? / and /g : / and /gi;
  for (const m of chunk.matchAll(joiner)) {
    const names = chunk.slice(m.index + m[0].length);
    if (isCapitalised(names) && !/^\d/.test(names)) return { address: chunk.slice(0, m.index), names };
  }
  return null;
};

/**
 * Parties named in text like "NAME(S) of ADDRESS[ and of ADDRESS][ and NAME(S) of ADDRESS]". Every name of a group
 * gets the group's addresses, joined with "; ".
 */
export const partiesFrom = (text: string): NamedParty[] => {
  // "care of" and "whose registered office is at" introduce an address as "of" does.
  const body = tidy(
    text
      .replace(/\s+care of\s+/gi, ' of c/o ')
      .replace(/\s+whose (?:registered office|address for service) is (?:situate )?(?:at )?/gi, ' of ')
      .replace(/\s+(?:both|all) of\s+/i, ' of '),
  );
  const caseSensitive = / of /.test(body) && isCapitalised(body.split(/ of /)[0]!);
  const chunks = body.split(caseSensitive ? / of / : / of /i);
  const groups: { names: string; addresses: string[] }[] = [{ names: chunks[0]!, addresses: [] }];
  let joinNextToAddress = false;
  for (const raw of chunks.slice(1)) {
    const group = groups[groups.length - 1]!;
    let chunk = raw;
    let nextNames: string | null = null;
    let anotherAddress = false;
    if (/\s+and$/.test(chunk)) {
      chunk = chunk.replace(/\s+and$/, '');
      anotherAddress = true;
    } else {
      const split = trailingNames(chunk, caseSensitive);
      if (split) {
        chunk = split.address;
        nextNames = split.names;
      }
    }
    // " of " inside an address ("Isle of Wight") is not a separator: glue it back.
    if (joinNextToAddress && group.addresses.length > 0) group.addresses[group.addresses.length - 1] += ` of ${chunk}`;
    else group.addresses.push(chunk);
    joinNextToAddress = !anotherAddress && nextNames === null;
    if (anotherAddress) joinNextToAddress = false;
    if (nextNames !== null) groups.push({ names: nextNames, addresses: [] });
  }
  return groups.flatMap((group) => {
    const address = group.addresses
      .map(tidy)
      .filter((a) => a !== '')
      .join('; ');
    return splitNames(group.names, caseSensitive).map((name) => ({ name, address: address === '' ? null : address }));
  });
};
