import { addressBase } from './addressbase';
import { codePointOpen } from './codepoint-open';
import type { Dataset } from './dataset';
import { inspire } from './inspire';
import { epcDomestic } from './epc-domestic';
import { gias } from './gias';
import { giasLinks } from './gias-links';
import { onsPostcodeLookup } from './ons-postcode-lookup';
import { onspd } from './onspd';
import { osOpenNames } from './os-open-names';
import { osOpenUprn } from './os-open-uprn';
import { policeUk } from './police-uk';

/** Every dataset the import command knows, by its name. */
export const datasetCatalogue: ReadonlyMap<string, Dataset> = new Map(
  [codePointOpen, onsPostcodeLookup, onspd, osOpenUprn, osOpenNames, addressBase, inspire, epcDomestic, policeUk, gias, giasLinks].map(
    (d) => [d.name, d],
  ),
);
