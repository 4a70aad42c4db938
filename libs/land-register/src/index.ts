// The land register, shared by the orders service (which reads official copies) and the registry test environment in
// infra (which issues them): the register as data with its sample registers, official-copy PDFs, their text read back,
// the parse into extraction data, and the registry's side of the ordering protocol with its opening hours.
export type { ClassOfTitle, Register, RegisterEntry, RegisterLetter, Tenure } from './register/register';
export { registerSections } from './register/register';
export { copyCreationDate, renderPdf, type PdfDocument } from './register/pdf-document';
export { renderOfficialCopy } from './register/render-official-copy';
export { defaultPdfTextLimits, extractPdfText, type PdfTextLimits } from './register/pdf-text';
export { parseRegister } from './register/parse-register';
export { sampleFreeholdWithCharges } from './register/samples/freehold-with-charges';
export { sampleLeaseholdFlat } from './register/samples/leasehold-flat';
export { sampleUnusualRegister } from './register/samples/unusual-register';
export { syntheticTestRegister, syntheticTestTitle } from './register/samples/synthetic-test-register';
export { buildSyntheticTestRegisterResult, syntheticTestRegisterFilename } from './register/test-register';
export { isOpen, nextOpening, registryTimeZone, toRegistryIso } from './registry/opening-hours';
export type * from './registry/registry-gateway';
export * as businessGateway from './registry/business-gateway';
export { BusinessGatewayRegistry } from './registry/business-gateway/registry';
export type { SoapFault, SoapService } from './registry/business-gateway';
