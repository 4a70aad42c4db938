import { childOf, many, textAt, type XmlContent, type XmlNode } from '../xml';
import { readGatewayResponse, resultContent, type GatewayAnswer } from './gateway-response';

// Enquiry by Property Description V2_0: the request that asks which titles are registered at an address, and the
// titles it answers with. The registry matches every part given together, except that a number given as the
// building name or number is looked for in both; it reads `BuildingName` as the house (name or number) and
// `BuildingNumber` as the flat.

export interface SearchAddress {
  /** The house: its number, or its name when it has no number. */
  buildingName?: string;
  /** The flat's number. */
  buildingNumber?: string;
  streetName?: string;
  cityName?: string;
  /** A full postcode, capitals and one space. */
  postcode?: string;
}

export interface PropertyDescriptionSearch {
  messageId: string;
  externalReference: string;
  customerReference: string;
  address: SearchAddress;
}

/** Tenure codes as the schema lists them; the API names the first two. */
export const tenureCodes = { freehold: '10', leasehold: '20', commonhold: '30' } as const;

export interface FoundTitle {
  titleNumber: string;
  description: string | null;
  tenureCode: string;
  address: {
    buildingName: string | null;
    subBuildingName: string | null;
    buildingNumber: string | null;
    streetName: string | null;
    cityName: string | null;
    postcode: string;
  };
}

export interface SearchResults {
  externalReference: string;
  titles: FoundTitle[];
}

export const searchRequestContent = (search: PropertyDescriptionSearch): XmlContent => ({
  ID: { MessageID: search.messageId },
  Product: {
    ExternalReference: { Reference: search.externalReference },
    CustomerReference: { Reference: search.customerReference },
    SubjectProperty: {
      Address: {
        BuildingName: search.address.buildingName,
        BuildingNumber: search.address.buildingNumber,
        StreetName: search.address.streetName,
        CityName: search.address.cityName,
        PostcodeZone: search.address.postcode,
      },
    },
  },
});

/** The registry's reading of a request it received. */
export const readSearchRequest = (content: XmlNode): PropertyDescriptionSearch => {
  const address = childOf(childOf(childOf(content, 'Product'), 'SubjectProperty'), 'Address');
  const part = (name: string) => textAt(address, name);
  return {
    messageId: textAt(content, 'ID', 'MessageID') ?? '',
    externalReference: textAt(content, 'Product', 'ExternalReference', 'Reference') ?? '',
    customerReference: textAt(content, 'Product', 'CustomerReference', 'Reference') ?? '',
    address: {
      buildingName: part('BuildingName'),
      buildingNumber: part('BuildingNumber'),
      streetName: part('StreetName'),
      cityName: part('CityName'),
      postcode: part('PostcodeZone'),
    },
  };
};

const titleOf = (title: XmlNode): FoundTitle => {
  const address = childOf(title, 'Address');
  const part = (name: string) => textAt(address, name) ?? null;
  return {
    titleNumber: textAt(title, 'TitleNumber') ?? '',
    description: textAt(title, 'Description') ?? null,
    tenureCode: textAt(title, 'TenureInformation', 'TenureTypeCode') ?? '',
    address: {
      buildingName: part('BuildingName'),
      subBuildingName: part('SubBuildingName'),
      buildingNumber: part('BuildingNumber'),
      streetName: part('StreetName'),
      cityName: part('CityName'),
      postcode: textAt(address, 'PostcodeZone', 'Postcode') ?? '',
    },
  };
};

export const readSearchResponse = (content: XmlNode): GatewayAnswer<SearchResults> =>
  readGatewayResponse(content, (results) => ({
    externalReference: textAt(results, 'ExternalReference', 'Reference') ?? '',
    titles: many(results.Title).map(titleOf),
  }));

export const searchResultContent = (results: SearchResults): XmlContent =>
  resultContent({
    ExternalReference: { Reference: results.externalReference },
    Title: results.titles.map((t) => ({
      TitleNumber: t.titleNumber,
      Description: t.description ?? undefined,
      TenureInformation: { TenureTypeCode: t.tenureCode },
      Address: {
        BuildingName: t.address.buildingName ?? undefined,
        SubBuildingName: t.address.subBuildingName ?? undefined,
        BuildingNumber: t.address.buildingNumber ?? undefined,
        StreetName: t.address.streetName ?? undefined,
        CityName: t.address.cityName ?? undefined,
        PostcodeZone: { Postcode: t.address.postcode },
      },
    })),
  });

/** The business codes of its rejections (the developer pack's validation rules BRL-ISBG-001 to 003). */
export const searchRejectionCodes = {
  insufficientAddress: 'bg.invalid.property.search.criteria',
  invalidPostcode: 'bg.postcode.invalid',
  noneFound: 'bg.properties.nopropertyfound',
  tooMany: 'bg.properties.toomanyproperties',
} as const;
