// The price list of official copies (spec: 7 GBP of Purchase Balance and 50 credits per PDF, 100 credits for register
// extraction). Each PDF's 700 pence is the registry's fee for an electronic official copy (Land Registration Fee Order,
// Part 2: 3 GBP per register or title plan from a remote terminal) plus this service's handling of 4 GBP.

export const documentTypes = ['register', 'plan', 'both'] as const;
export type DocumentType = (typeof documentTypes)[number];

export const pdfKinds = ['register', 'plan'] as const;
export type PdfKind = (typeof pdfKinds)[number];

export const registryPencePerPdf = 300;
export const servicePencePerPdf = 400;
export const creditsPerPdf = 50;
export const extractionCredits = 100;
export const lookupCredits = 25;

export interface OrderPrice {
  registryPence: number;
  servicePence: number;
  totalPence: number;
  documentCredits: number;
  extractionCredits: number;
  totalCredits: number;
}

export const pdfsOf = (documentType: DocumentType): PdfKind[] => (documentType === 'both' ? ['register', 'plan'] : [documentType]);

export const priceOf = (documentType: DocumentType, extractRegisterText: boolean): OrderPrice => {
  const pdfs = pdfsOf(documentType).length;
  const extraction = extractRegisterText ? extractionCredits : 0;
  return {
    registryPence: pdfs * registryPencePerPdf,
    servicePence: pdfs * servicePencePerPdf,
    totalPence: pdfs * (registryPencePerPdf + servicePencePerPdf),
    documentCredits: pdfs * creditsPerPdf,
    extractionCredits: extraction,
    totalCredits: pdfs * creditsPerPdf + extraction,
  };
};

/** The pricing object of a document-availability answer. */
export const priceList = () => ({
  currency: 'GBP' as const,
  register: priceOf('register', false),
  plan: priceOf('plan', false),
  both: priceOf('both', false),
  registerWithExtraction: priceOf('register', true),
  bothWithExtraction: priceOf('both', true),
});
