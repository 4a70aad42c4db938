import { addressBase } from './addressbase';
import { boeSeries } from './boe-series';
import { census2021 } from './census-2021';
import { codePointOpen } from './codepoint-open';
import { councilTax } from './council-tax';
import { ccod, ocod } from './company-owners';
import type { Dataset } from './dataset';
import { inspire } from './inspire';
import { iod } from './iod';
import { epcDomestic } from './epc-domestic';
import { gias } from './gias';
import { giasLinks } from './gias-links';
import { onsPostcodeLookup } from './ons-postcode-lookup';
import { onspd } from './onspd';
import { onsTimeseries } from './ons-timeseries';
import { osOpenNames } from './os-open-names';
import { osOpenUprn } from './os-open-uprn';
import { planningData } from './planning-data';
import { policeUk } from './police-uk';
import { ppd } from './ppd';
import { ukHpi } from './uk-hpi';

/** Every dataset the import command knows, by its name. */
export const datasetCatalogue: ReadonlyMap<string, Dataset> = new Map(
  [
    codePointOpen,
    onsPostcodeLookup,
    onspd,
    osOpenUprn,
    osOpenNames,
    addressBase,
    inspire,
    epcDomestic,
    policeUk,
    iod,
    planningData,
    census2021,
    gias,
    giasLinks,
    ukHpi,
    ppd,
    ccod,
    ocod,
    boeSeries,
    onsTimeseries,
    councilTax,
  ].map((d) => [d.name, d]),
);
