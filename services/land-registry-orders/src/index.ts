// What other workspaces use. The registry test environment (infra) prints its official copies from these registers
// with this renderer, and keeps the registry's opening hours with the same functions this service checks them with.
export type { ClassOfTitle, Register, RegisterEntry, Tenure } from './register/register';
export { registerSections } from './register/register';
export { copyCreationDate, renderPdf } from './register/pdf-document';
export { freeholdWithCharges } from './register/fixtures/freehold-with-charges';
export { leaseholdFlat } from './register/fixtures/leasehold-flat';
export { unusualRegister } from './register/fixtures/unusual-register';
export { renderOfficialCopy } from './register/render-official-copy';
export { extractPdfText } from './register/pdf-text';
export { isOpen, nextOpening, registryTimeZone, toRegistryIso } from './registry/opening-hours';
export type * from './registry/registry-gateway';
export { HttpRegistryGateway } from './registry/http-registry';
