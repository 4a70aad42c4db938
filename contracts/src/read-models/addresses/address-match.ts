import { addressParts, generic, streetTypes, type AddressParts } from './address-parts';

// The one matching rule: whether an address a caller gave names a record's address (a certificate's, a sale's, an
// AddressBase row's), all within one postcode, and which property among a postcode's records it names. Every property
// lookup resolves an address by it (resolve-property.ts over the address dataset; the EPC lookup over certificates; a
// valuation over sales and certificates), so that the same input resolves the same way everywhere.
//
// An address matches a record fully when the flat and the house numbers are equal and the words agree: a numbered
// house needs one of the distinctive words of the record's street line (a word that is not a street type such as Road
// or Close; with none, such as `The Green`, the caller's street line must be the same words), and when both name the
// kind of street, the same kind (`12 Foo Road` is not `12 Foo Close`); a named house needs every word of the record's
// house name. A caller's extra words (the town, the county) do not matter. It matches partly when it names the
// building a record's flat is in, but no flat: a block named without its flat is that flat only when the block has
// one. Two records are of one property when both carry a UPRN and it is the same, or when one of them carries none and
// their addresses match.

export { addressParts, type AddressParts };

const sameList = (a: readonly string[], b: readonly string[]) => a.length === b.length && a.every((x, i) => x === b[i]);

/** Whether a caller's address is the certificate's address (both within the same postcode). */
export const addressMatches = (asked: AddressParts, certificate: AddressParts): boolean => {
  if (asked.flat !== certificate.flat || !sameList(asked.numbers, certificate.numbers)) return false;
  if (certificate.numbers.length === 0) {
    const name = certificate.nameWords.length > 0 ? certificate.nameWords : [...certificate.words];
    return name.length > 0 && name.every((w) => asked.words.has(w));
  }
  const distinctive = certificate.streetWords.filter((w) => !generic.has(w));
  if (distinctive.length > 0) {
    // `12 Foo Road` is not `12 Foo Close`: when both say what kind of street, they must say the same.
    const types = certificate.streetWords.filter((w) => streetTypes.has(w));
    const askedTypes = [...asked.words].some((w) => streetTypes.has(w));
    return distinctive.some((w) => asked.words.has(w)) && (types.length === 0 || !askedTypes || types.every((t) => asked.words.has(t)));
  }
  // A street of generic words only (`The Green`): the caller's street line must be those words, no more.
  return sameList([...asked.streetWords].sort(), [...certificate.streetWords].sort());
};

/** How an address matches a record: `full`, `partial` (the record is a flat of the building it names), or not. */
export const compareAddress = (asked: AddressParts, record: AddressParts): 'full' | 'partial' | 'none' => {
  if (addressMatches(asked, record)) return 'full';
  return asked.flat === null && record.building !== null && addressMatches(asked, record.building) ? 'partial' : 'none';
};

/** A record of one postcode (a certificate, a sale, an address), by the parts compared. */
export interface AddressCandidate {
  uprn: string | null;
  parts: AddressParts;
}

export type PropertyMatch<C extends AddressCandidate> =
  | { kind: 'none' }
  | { kind: 'one'; certificates: C[]; matchType: 'exact' | 'partial' }
  | { kind: 'several'; properties: Array<{ uprn: string | null; certificates: C[] }> };

/** The properties some matching records are: one per UPRN, with every record of that UPRN; records without one with them. */
const propertiesOf = <C extends AddressCandidate>(matched: readonly C[], candidates: readonly C[]) => {
  const uprns = [...new Set(matched.flatMap((c) => (c.uprn === null ? [] : [c.uprn])))];
  if (uprns.length <= 1) {
    const uprn = uprns[0] ?? null;
    return [
      { uprn, certificates: candidates.filter((c) => (uprn !== null && c.uprn === uprn) || (c.uprn === null && matched.includes(c))) },
    ];
  }
  return uprns.map((uprn) => ({ uprn, certificates: candidates.filter((c) => c.uprn === uprn) }));
};

/** Which flat a record of a building is: each is a property of its own. */
const flatOf = (parts: AddressParts) => parts.flat ?? parts.numbers.join(' ');

/**
 * The property an address names among a postcode's records: those that match it fully, taken with every record
 * carrying the same UPRN as one of them (an older certificate may spell the address otherwise); matches carrying
 * different UPRNs are different properties. Failing a full match, the flats of the building it names: several are
 * ambiguous; one is the property only when `complete` (the records are every address of the postcode, as the address
 * dataset's are: certificates and sales list only the homes that had one, so a building's one flat among them may not
 * be its only flat).
 */
export const propertyByAddress = <C extends AddressCandidate>(
  asked: AddressParts,
  candidates: readonly C[],
  { complete = false }: { complete?: boolean } = {},
): PropertyMatch<C> => {
  const full = candidates.filter((c) => compareAddress(asked, c.parts) === 'full');
  if (full.length > 0) {
    const properties = propertiesOf(full, candidates);
    return properties.length === 1
      ? { kind: 'one', certificates: properties[0]!.certificates, matchType: 'exact' }
      : { kind: 'several', properties };
  }
  const partial = candidates.filter((c) => compareAddress(asked, c.parts) === 'partial');
  const flats = [...new Set(partial.map((c) => flatOf(c.parts)))];
  const properties = flats.flatMap((flat) =>
    propertiesOf(
      partial.filter((c) => flatOf(c.parts) === flat),
      candidates,
    ),
  );
  if (properties.length > 1) return { kind: 'several', properties };
  if (properties.length === 1 && complete) return { kind: 'one', certificates: properties[0]!.certificates, matchType: 'partial' };
  return { kind: 'none' };
};

/**
 * The certificates of the property a UPRN names: those carrying it, and those of the same postcodes carrying no UPRN
 * whose address matches one of theirs.
 */
export const propertyByUprn = <C extends AddressCandidate>(uprn: string, candidates: readonly C[]): C[] => {
  const carrying = candidates.filter((c) => c.uprn === uprn);
  return candidates.filter((c) => c.uprn === uprn || (c.uprn === null && carrying.some((k) => addressMatches(c.parts, k.parts))));
};
