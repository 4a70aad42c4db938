// A registered title's address, as the property register writes it ("Flat 7, Hawthorn Court, 22 Ellery Road, London"),
// read into Royal Mail's fields: the flat, the building's name, the number with its street, the localities between the
// street and the last part, and the last part as the post town. In capitals, as Royal Mail's fields are.

export interface TitleAddressFields {
  subBuilding: string;
  buildingName: string;
  /** Digits only, as Royal Mail's building number is: "22A" is a building name. */
  buildingNumber: string;
  /** The number as the local authority records it, with its suffix: PAO_START_NUMBER and PAO_START_SUFFIX. */
  paoNumber: string;
  paoSuffix: string;
  thoroughfare: string;
  doubleDependentLocality: string;
  dependentLocality: string;
  postTown: string;
}

const numberedStreet = /^(\d+)([A-Z]?)\s+(\S.*)$/i;
const flat = /^(flat|apartment|unit)\s+\S+$/i;

export const titleAddressFields = (address: string): TitleAddressFields => {
  const parts = address
    .split(',')
    .map((p) => p.trim().toUpperCase())
    .filter((p) => p !== '');
  if (parts.length < 2) throw new Error(`"${address}" names no post town after the premises`);
  const postTown = parts.at(-1)!;
  const streetAt = parts.findIndex((p) => numberedStreet.test(p));
  // Without a numbered street the first part is the premises' name ("Land on the north side of Moorcock Lane").
  const premises = streetAt < 0 ? parts.slice(0, 1) : parts.slice(0, streetAt);
  const localities = parts.slice(streetAt < 0 ? 1 : streetAt + 1, -1);
  if (localities.length > 2) throw new Error(`"${address}" has more localities than Royal Mail's two`);
  const subBuilding = premises.length > 0 && flat.test(premises[0]!) ? premises[0]! : '';
  const names = (subBuilding ? premises.slice(1) : premises).join(', ');
  const [, number = '', suffix = '', thoroughfare = ''] = streetAt < 0 ? [] : numberedStreet.exec(parts[streetAt]!)!;
  return {
    subBuilding,
    // A number with a letter is a building name in Royal Mail's fields, after any name ("Rose House, 22A").
    buildingName: [names, suffix ? `${number}${suffix}` : ''].filter((n) => n !== '').join(', '),
    buildingNumber: suffix ? '' : number,
    paoNumber: number,
    paoSuffix: suffix,
    thoroughfare,
    doubleDependentLocality: localities.length === 2 ? localities[0]! : '',
    dependentLocality: localities.at(-1) ?? '',
    postTown,
  };
};
