import { facts } from '../layout';
import { defineDrawer } from './section';

// Who or where the pack is about, as the address and postcode datasets hold it.

const coordinates = (latitude: number | null, longitude: number | null) =>
  latitude === null || longitude === null ? '–' : `${latitude}, ${longitude}`;

export const propertyIdentity = defineDrawer('uprn_address_lookup', ({ doc }, data) => {
  facts(doc, [
    ['Address', data.address.singleLine],
    ['UPRN', data.uprn],
    ['Postcode', data.postcode],
    ['Town', data.address.town],
    ['Country', data.country],
    ['Classification', data.classification ?? '–'],
    ['Latitude, longitude', coordinates(data.latitude, data.longitude)],
    ['Eastings, northings', `${data.eastings}, ${data.northings}`],
  ]);
});

export const areaIdentity = defineDrawer('postcode_lookup', ({ doc }, data) => {
  facts(doc, [
    ['Postcode', data.postcode],
    ['Country', data.country?.name ?? '–'],
    ['Local authority', data.localAuthority?.name ?? data.localAuthority?.code ?? '–'],
    ['LSOA', data.lsoa ? `${data.lsoa.name ?? ''} ${data.lsoa.code}`.trim() : '–'],
    ['MSOA', data.msoa ? `${data.msoa.name ?? ''} ${data.msoa.code}`.trim() : '–'],
    ['Latitude, longitude', coordinates(data.latitude, data.longitude)],
    ['Eastings, northings', data.eastings === null ? '–' : `${data.eastings}, ${data.northings}`],
    ['Introduced', data.introduced ?? '–'],
  ]);
});
