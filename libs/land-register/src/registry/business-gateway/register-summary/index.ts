// The Register Extract Service ("official copy with summary"): its messages, and the registry test environment's
// summary of a register, with the comparison of that summary and the project's own reading of the copy.
export * from '../messages/attachment';
export * from '../messages/official-copy-with-summary';
export * from '../messages/official-copy-with-summary-response';
export * from '../messages/register-summary';
export { readEntryDetails, readRegisterData, readSummary } from '../messages/register-summary-read';
export { registerDataContent, summaryContent } from '../messages/register-summary-write';
export * from './build-summary';
export * from './compare';
export * from './entry-wording';
export * from './register-data';
