import type { SyntheticTestRegisterResult } from '@pds/contracts';
import { syntheticTestTitle, syntheticTestRegister } from './samples/synthetic-test-register';
import { parseRegister } from './parse-register';
import { extractPdfText } from './pdf-text';
import { renderOfficialCopy } from './render-official-copy';

// The free test-register-extraction endpoint: the fixed synthetic register goes the whole way a real order's copy
// goes (a PDF, its text read back out, the parse), so a caller sees exactly what an extraction returns. Nothing is
// ordered from the registry and the PDF is never stored.

export const syntheticTestRegisterFilename = `synthetic-test-register-${syntheticTestTitle.titleNumber}.pdf`;

export const buildSyntheticTestRegisterResult = async (): Promise<SyntheticTestRegisterResult> => {
  const pdf = await renderOfficialCopy(syntheticTestRegister);
  const text = await extractPdfText(pdf);
  return {
    fixture: { ...syntheticTestTitle },
    document: { type: 'synthetic_test_register', filename: syntheticTestRegisterFilename, official: false, registryOrdered: false },
    text,
    analysis: parseRegister(text),
  };
};
