import { checkAgainstSchema, payloadDocument } from '../schema-check';
import { searchByPropertyDescription as service } from '../services';
import { readSoapRequest, readSoapResponse, soapRequest, soapResponse } from '../soap';
import { asDocument } from '../xml';
import { acknowledgementContent, rejectionContent } from './gateway-response';
import {
  readSearchRequest,
  readSearchResponse,
  searchRequestContent,
  searchResultContent,
  type PropertyDescriptionSearch,
} from './search-by-property-description';

// The messages of Enquiry by Property Description V2_0, written as the adapter sends them and as the registry test
// environment answers, checked against the project's schemas of the service. Values from the developer pack's
// vendor tests (a house number and postcode: 99, TQ56 4HY; a house, street and town: 71 Allerburn Lea, Alnwick).

const credentials = { username: 'BGUser001', password: 'landreg001' };

const search = (address: PropertyDescriptionSearch['address']): PropertyDescriptionSearch => ({
  messageId: 'ord-7f3a2c10-0b1e-4d6a-9a51-2f1f0c1d2e3f',
  externalReference: 'pds-title-search',
  customerReference: 'acct-1234',
  address,
});

const requestVerdict = (envelope: string) =>
  checkAgainstSchema(payloadDocument(envelope, 'arg0', service.request.root, service.request.namespace) ?? '', service.request.file);
const responseVerdict = (envelope: string) =>
  checkAgainstSchema(payloadDocument(envelope, 'return', service.response.root, service.response.namespace) ?? '', service.response.file);

describe('a search request', () => {
  it("is invalid when it is not well-formed XML, with the parser's message, however many checks are in flight", async () => {
    const sent = soapRequest(
      service.operation,
      searchRequestContent(search({ buildingName: '99', postcode: 'TQ56 4HY' })),
      service.request,
      credentials,
    );
    const document = payloadDocument(sent, 'arg0', service.request.root, service.request.namespace)!;
    const broken = document.replace('</m:BuildingName>', '');
    // Several checks in flight at once each get their own verdict (one validator answers them in turn).
    const verdicts = await Promise.all([broken, document, broken].map((d) => checkAgainstSchema(d, service.request.file)));
    expect(verdicts.map((v) => v.valid)).toEqual([false, true, false]);
    expect(verdicts[0]!.errors.join(' ')).toMatch(/BuildingName/);
  });

  it('is valid under the schema with a house number and postcode, and reads back as sent', async () => {
    const sent = search({ buildingName: '99', postcode: 'TQ56 4HY' });
    const envelope = soapRequest(service.operation, searchRequestContent(sent), service.request, credentials);
    expect(await requestVerdict(envelope)).toEqual({ valid: true, errors: [] });
    const read = readSoapRequest(envelope);
    expect(read).toMatchObject({ operation: 'searchProperties', credentials, locale: 'en' });
    expect(readSearchRequest(read.content)).toEqual({ ...sent, address: { buildingName: '99', postcode: 'TQ56 4HY' } });
  });

  it('carries the address parts in the schema order, each optional', async () => {
    const envelope = soapRequest(
      service.operation,
      searchRequestContent(search({ buildingName: '71', streetName: 'Allerburn Lea', cityName: 'Alnwick' })),
      service.request,
      credentials,
    );
    expect(await requestVerdict(envelope)).toEqual({ valid: true, errors: [] });
    expect(envelope).toContain(
      '<m:BuildingName>71</m:BuildingName><m:StreetName>Allerburn Lea</m:StreetName><m:CityName>Alnwick</m:CityName>',
    );
  });

  it('is invalid with a partial postcode, a lower-case one, an inward unit with a C, or a message id with an underscore', async () => {
    for (const postcode of ['SW1', 'tq56 4hy', 'TQ56 4CY']) {
      const verdict = await requestVerdict(
        soapRequest(service.operation, searchRequestContent(search({ buildingName: '1', postcode })), service.request, credentials),
      );
      expect(verdict.valid).toBe(false);
      expect(verdict.errors.join(' ')).toContain('PostcodeZone');
    }
    const badId = { ...search({ buildingName: '1', postcode: 'TQ56 4HY' }), messageId: 'order_1' };
    expect((await requestVerdict(soapRequest(service.operation, searchRequestContent(badId), service.request, credentials))).valid).toBe(
      false,
    );
  });
});

describe('a search response', () => {
  it('with titles is valid and reads back', async () => {
    const results = {
      externalReference: 'pds-title-search',
      titles: [
        {
          titleNumber: 'DN123456',
          description: null,
          tenureCode: '10',
          address: {
            buildingName: '99',
            subBuildingName: null,
            buildingNumber: null,
            streetName: 'Flake Avenue',
            cityName: 'Torquay',
            postcode: 'TQ56 4HY',
          },
        },
        {
          titleNumber: 'DN123457',
          description: 'The landlord’s title',
          tenureCode: '20',
          address: {
            buildingName: '99',
            subBuildingName: 'Flat 1',
            buildingNumber: '1',
            streetName: 'Flake Avenue',
            cityName: 'Torquay',
            postcode: 'TQ56 4HY',
          },
        },
      ],
    };
    const envelope = soapResponse(service.operation, searchResultContent(results), service.response);
    expect(await responseVerdict(envelope)).toEqual({ valid: true, errors: [] });
    const answer = readSoapResponse(envelope, service.operation);
    if (answer.kind !== 'return') throw new Error('a fault');
    expect(readSearchResponse(answer.content)).toEqual({ kind: 'result', result: results });
  });

  it('as an out-of-hours acknowledgement is valid (its time is mandatory here) and reads back', async () => {
    const ack = {
      uniqueId: 'pollST500681',
      expectedResponseDateTime: '2026-11-30T06:30:00',
      description: 'Service is not currently available.System has queued your request,please poll at specified time.',
      hmlrReference: null,
    };
    const envelope = soapResponse(service.operation, acknowledgementContent(ack), service.response);
    expect(await responseVerdict(envelope)).toEqual({ valid: true, errors: [] });
    const answer = readSoapResponse(envelope, service.operation);
    if (answer.kind !== 'return') throw new Error('a fault');
    expect(readSearchResponse(answer.content)).toEqual({ kind: 'acknowledgement', acknowledgement: ack });
    const withoutTime = soapResponse(
      service.operation,
      acknowledgementContent({ ...ack, expectedResponseDateTime: null }),
      service.response,
    );
    expect((await responseVerdict(withoutTime)).valid).toBe(false);
  });

  it('as a rejection is valid and reads back its code', async () => {
    const rejection = {
      externalReference: 'pds-title-search',
      code: 'bg.properties.nopropertyfound',
      reason: 'No properties found for the given search criteria.',
      otherDescription: null,
      validationErrors: [],
      actualGrossPrice: null,
    };
    const envelope = soapResponse(service.operation, rejectionContent(rejection), service.response);
    expect(await responseVerdict(envelope)).toEqual({ valid: true, errors: [] });
    const answer = readSoapResponse(envelope, service.operation);
    if (answer.kind !== 'return') throw new Error('a fault');
    expect(readSearchResponse(answer.content)).toEqual({ kind: 'rejection', rejection });
  });

  it('is checked as a document too: the same content under the global element', async () => {
    const doc = asDocument(searchResultContent({ externalReference: 'x', titles: [] }), service.response.root, service.response);
    // No Title: the schema needs at least one in a result (an empty search is a rejection instead).
    expect((await checkAgainstSchema(doc, service.response.file)).valid).toBe(false);
  });
});
