import { childOf, many, textAt, type XmlContent, type XmlNode } from '../xml';

// The GatewayResponse every Search by Property Description, Official Copy and Register Extract answer wraps: a
// TypeCode and the one part it names. Read here for all of them (each service reads its own Results); written here
// for the registry test environment. The XML keeps a part's elements in the schema's order, so the writers build
// objects in that order.

export const typeCodes = { other: '0', acknowledgement: '10', rejection: '20', result: '30' } as const;

export interface Acknowledgement {
  /** The request's MessageID, echoed. */
  uniqueId: string;
  /** When to poll (out of hours); absent for a request taken for processing by hand. As sent: GMT, often with no zone. */
  expectedResponseDateTime: string | null;
  description: string;
  /** HM Land Registry's reference when a person will process the request (Official Copy only). */
  hmlrReference: string | null;
}

export interface ValidationError {
  code: string;
  description: string;
}

export interface Rejection {
  externalReference: string;
  /** The business code, e.g. `bg.title.invalid`: where the registry sends `BatchExceptionCode` it is the first validation error's. */
  code: string;
  reason: string;
  otherDescription: string | null;
  validationErrors: ValidationError[];
  /** The fee the registry would charge (gross, pounds) when it gives one, as for a fee mismatch. */
  actualGrossPrice: string | null;
}

export type GatewayAnswer<R> =
  | { kind: 'acknowledgement'; acknowledgement: Acknowledgement }
  | { kind: 'rejection'; rejection: Rejection }
  | { kind: 'result'; result: R };

const acknowledgementOf = (ack: XmlNode): Acknowledgement => ({
  uniqueId: textAt(ack, 'AcknowledgementDetails', 'UniqueID') ?? '',
  expectedResponseDateTime: textAt(ack, 'AcknowledgementDetails', 'ExpectedResponseDateTime') ?? null,
  description: textAt(ack, 'AcknowledgementDetails', 'MessageDescription') ?? '',
  hmlrReference: textAt(ack, 'HMLRReference', 'Reference') ?? null,
});

const rejectionOf = (rejection: XmlNode): Rejection => {
  const response = childOf(rejection, 'RejectionResponse');
  const validationErrors = many(response?.ValidationErrors).map((e) => ({
    code: textAt(e, 'Code') ?? '',
    description: textAt(e, 'Description') ?? '',
  }));
  const code = textAt(response, 'Code') ?? '';
  // Two shapes are published: the bg.* code in Code, or `BatchExceptionCode` there with the bg.* codes as validation errors.
  const businessCode = code === 'BatchExceptionCode' && validationErrors[0] ? validationErrors[0].code : code;
  return {
    externalReference: textAt(rejection, 'ExternalReference', 'Reference') ?? '',
    code: businessCode,
    reason: textAt(response, 'Reason') ?? '',
    otherDescription: textAt(response, 'OtherDescription') ?? null,
    validationErrors,
    actualGrossPrice: textAt(rejection, 'ActualPrice', 'GrossPriceAmount') ?? null,
  };
};

/** Reads a `return` holding a GatewayResponse; `readResults` reads the service's own Results. */
export const readGatewayResponse = <R>(content: XmlNode, readResults: (results: XmlNode) => R): GatewayAnswer<R> => {
  const response = childOf(content, 'GatewayResponse');
  if (!response) throw new Error('the answer holds no GatewayResponse');
  const typeCode = textAt(response, 'TypeCode');
  const part = (name: string) => {
    const node = childOf(response, name);
    if (!node) throw new Error(`GatewayResponse TypeCode ${typeCode} without its ${name}`);
    return node;
  };
  switch (typeCode) {
    case typeCodes.acknowledgement:
      return { kind: 'acknowledgement', acknowledgement: acknowledgementOf(part('Acknowledgement')) };
    case typeCodes.rejection:
      return { kind: 'rejection', rejection: rejectionOf(part('Rejection')) };
    case typeCodes.result:
      return { kind: 'result', result: readResults(part('Results')) };
    default:
      throw new Error(`GatewayResponse with TypeCode ${String(typeCode)}, which this client does not act on`);
  }
};

/** An acknowledgement's content; `hmlrReference` only where the service's schema has one (Official Copy). */
export const acknowledgementContent = (ack: Acknowledgement): XmlContent => ({
  GatewayResponse: {
    TypeCode: typeCodes.acknowledgement,
    Acknowledgement: {
      AcknowledgementDetails: {
        UniqueID: ack.uniqueId,
        ExpectedResponseDateTime: ack.expectedResponseDateTime ?? undefined,
        MessageDescription: ack.description,
      },
      HMLRReference: ack.hmlrReference ? { Reference: ack.hmlrReference } : undefined,
    },
  },
});

/** A rejection's content; `actualGrossPrice` only where the service's schema has one (Official Copy, Register Extract). */
export const rejectionContent = (rejection: Rejection): XmlContent => ({
  GatewayResponse: {
    TypeCode: typeCodes.rejection,
    Rejection: {
      ExternalReference: { Reference: rejection.externalReference },
      ActualPrice: rejection.actualGrossPrice ? { GrossPriceAmount: rejection.actualGrossPrice } : undefined,
      RejectionResponse: {
        Reason: rejection.reason,
        Code: rejection.code,
        OtherDescription: rejection.otherDescription ?? undefined,
        ValidationErrors: rejection.validationErrors.length
          ? rejection.validationErrors.map((e) => ({ Code: e.code, Description: e.description }))
          : undefined,
      },
    },
  },
});

export const resultContent = (results: XmlContent): XmlContent => ({
  GatewayResponse: { TypeCode: typeCodes.result, Results: results },
});

/** A date-time as the registry writes it: GMT, to the second, with no zone designator. */
export const registryDateTime = (at: Date): string => at.toISOString().slice(0, 19);

/** Reads the registry's date-time: without a zone it is GMT. */
export const instantOf = (dateTime: string): Date => new Date(/[zZ]|[+-]\d\d:\d\d$/.test(dateTime) ? dateTime : `${dateTime}Z`);
