import { z } from '../zod';

// The structured parse of an HM Land Registry register (spec: "Extraction data" and "Synthetic test register result").
// Every object is strict: a parser that starts emitting an unlisted field fails validation instead of leaking it.

const textOrNull = z.string().nullable();

export const ExtractionTitle = z
  .strictObject({
    titleNumber: textOrNull.openapi({ example: 'BK509231' }),
    editionDate: textOrNull.openapi({ description: 'Date the register last changed, YYYY-MM-DD when readable', example: '2023-06-02' }),
    classOfTitle: textOrNull.openapi({ example: 'Title absolute' }),
    tenure: textOrNull.openapi({ example: 'Freehold' }),
    administrativeArea: textOrNull.openapi({ example: 'GREATER LONDON : CAMDEN' }),
    propertyDescription: textOrNull.openapi({ example: '14 Larkspur Close, Wokingham (RG40 9ZZ)' }),
  })
  .openapi('ExtractionTitle');
export type ExtractionTitle = z.infer<typeof ExtractionTitle>;

export const ExtractionParty = z
  .strictObject({
    role: z.string().openapi({ example: 'proprietor' }),
    name: z.string().openapi({ example: 'MERIDIAN BUILDING SOCIETY' }),
    address: textOrNull,
  })
  .openapi('ExtractionParty');
export type ExtractionParty = z.infer<typeof ExtractionParty>;

export const ExtractionRightOrBurden = z
  .strictObject({
    category: z.string().openapi({ example: 'covenant' }),
    summary: z.string(),
    benefitingLand: textOrNull,
    burdenedLand: textOrNull,
  })
  .openapi('ExtractionRightOrBurden');
export type ExtractionRightOrBurden = z.infer<typeof ExtractionRightOrBurden>;

export const ExtractionReferredDocument = z
  .strictObject({
    documentType: z.string().openapi({ example: 'Conveyance' }),
    date: textOrNull.openapi({ example: '1962-06-04' }),
    filedUnder: textOrNull.openapi({ description: 'Title number the copy is filed under, when the register says so' }),
    entryNumbers: z.array(z.string()).openapi({ example: ['A2', 'C1'] }),
  })
  .openapi('ExtractionReferredDocument');
export type ExtractionReferredDocument = z.infer<typeof ExtractionReferredDocument>;

export const ExtractionEnquiry = z
  .strictObject({
    code: z.string().openapi({ example: 'REGISTERED_CHARGE' }),
    priority: z.string().openapi({ example: 'high' }),
    reason: z.string(),
    action: z.string(),
  })
  .openapi('ExtractionEnquiry');
export type ExtractionEnquiry = z.infer<typeof ExtractionEnquiry>;

export const ExtractionData = z
  .strictObject({
    title: ExtractionTitle.nullable(),
    parties: z.array(ExtractionParty),
    rightsAndBurdens: z.array(ExtractionRightOrBurden),
    referredDocuments: z.array(ExtractionReferredDocument),
    enquiries: z.array(ExtractionEnquiry),
    warnings: z.array(z.string()),
  })
  .openapi('ExtractionData');
export type ExtractionData = z.infer<typeof ExtractionData>;

export const SyntheticTestRegisterResult = z
  .strictObject({
    fixture: z
      .strictObject({ titleNumber: z.string(), address: z.string(), postcode: z.string() })
      .openapi({ description: 'The fixed synthetic register this result describes' }),
    document: z.strictObject({
      type: z.literal('synthetic_test_register'),
      filename: z.string(),
      official: z.boolean(),
      registryOrdered: z.boolean(),
    }),
    text: z.string().openapi({ description: 'Text transcription of the synthetic PDF' }),
    analysis: ExtractionData,
  })
  .openapi('SyntheticTestRegisterResult');
export type SyntheticTestRegisterResult = z.infer<typeof SyntheticTestRegisterResult>;
