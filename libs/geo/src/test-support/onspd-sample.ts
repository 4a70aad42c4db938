// The real ONSPD sample in the shared data (every AB1* postcode of a 2025 ONS Postcode Directory and a few others; see
// MANIFEST.md there), read as ONS publish it, and how each postcode's published latitude/longitude relates to its grid
// reference. Attribution: "Source: Office for National Statistics licensed under the Open Government Licence v.3.0.
// Contains OS data © Crown copyright and database right 2025. Contains Royal Mail data © Royal Mail copyright and database
// right 2025. Contains GeoPlace data © Local Government Information House Limited copyright and database right 2025."
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gunzipSync } from 'node:zlib';
import proj4 from 'proj4';
import { bngToWgs84 } from '../convert';
import { metresBetween } from './metres-between';

export const sharedDataDirectory = process.env.PDS_SHARED_DATA_DIR ?? '/work/shared/data';

export interface OnspdPostcode {
  /** pcds: the postcode as written, e.g. "AB10 1AB". */
  readonly postcode: string;
  readonly live: boolean;
  readonly easting: number;
  readonly northing: number;
  readonly latitude: number;
  readonly longitude: number;
}

/** Postcodes with a grid reference and a published position (ONSPD puts 99.999999 where it has none). */
export const readOnspdSample = (): OnspdPostcode[] => {
  const file = join(sharedDataDirectory, 'ons_onspd_sample', 'ONSPD_sample_AB1_postcodes.csv.gz');
  const [header, ...lines] = gunzipSync(readFileSync(file)).toString('utf8').trim().split('\n');
  const columns = header!.split(',');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`${file} has no ${name} column`);
    return index;
  };
  const [pcds, doterm, oseast1m, osnrth1m, lat, long] = ['pcds', 'doterm', 'oseast1m', 'osnrth1m', 'lat', 'long'].map(at);
  return lines
    .map((line) => line.split(','))
    .filter((fields) => fields[oseast1m!] !== '' && fields[lat!] !== '99.999999')
    .map((fields) => ({
      postcode: fields[pcds!]!,
      live: fields[doterm!] === '',
      easting: Number(fields[oseast1m!]),
      northing: Number(fields[osnrth1m!]),
      latitude: Number(fields[lat!]),
      longitude: Number(fields[long!]),
    }));
};

/**
 * ONSPD publishes latitude/longitude to 6 decimals (at most 6 cm from the unrounded value in Britain), and ONS's own
 * OSTN15 computation differs from ours by about a centimetre: agreeing within 10 cm is agreeing to ONSPD's precision.
 */
export const publishedPrecisionM = 0.1;

/**
 * The 7-parameter Helmert transformation as proj4 does it with OS's parameters (EPSG:27700's usual proj4 definition):
 * the reference for the positions ONSPD did not compute with OSTN15.
 */
const helmert = proj4(
  '+proj=tmerc +lat_0=49 +lon_0=-2 +k=0.9996012717 +x_0=400000 +y_0=-100000 +ellps=airy ' +
    '+towgs84=446.448,-125.157,542.06,0.15,0.247,0.842,-20.489 +units=m +no_defs',
  'EPSG:4326',
);

export const helmertPosition = (easting: number, northing: number) => {
  const { x, y } = helmert.forward({ x: easting, y: northing });
  return { latitude: y, longitude: x };
};

export type PublishedMethod = 'OSTN15' | 'Helmert' | 'neither';

/** How far the published position is from OSTN15's and from the Helmert's conversion of the published grid reference. */
export const comparePublished = (entry: OnspdPostcode) => {
  const ours = bngToWgs84(entry.easting, entry.northing);
  const old = helmertPosition(entry.easting, entry.northing);
  const ostn15M = metresBetween(entry.latitude, entry.longitude, ours.latitude, ours.longitude);
  const helmertM = metresBetween(entry.latitude, entry.longitude, old.latitude, old.longitude);
  const method: PublishedMethod = ostn15M <= publishedPrecisionM ? 'OSTN15' : helmertM <= publishedPrecisionM ? 'Helmert' : 'neither';
  const sameTo6Decimals =
    ours.latitude.toFixed(6) === entry.latitude.toFixed(6) && ours.longitude.toFixed(6) === entry.longitude.toFixed(6);
  return { ours, ostn15M, helmertM, method, sameTo6Decimals };
};
