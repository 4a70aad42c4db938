import { codePointOpen } from './codepoint-open';
import type { Dataset } from './dataset';
import { epcDomestic } from './epc-domestic';
import { onsPostcodeLookup } from './ons-postcode-lookup';
import { onspd } from './onspd';

/** Every dataset the import command knows, by its name. */
export const datasetCatalogue: ReadonlyMap<string, Dataset> = new Map(
  [codePointOpen, onsPostcodeLookup, onspd, epcDomestic].map((d) => [d.name, d]),
);
