// Business Gateway's REST services: Official Copies Document Availability v2 and Registered Proprietor Names v1.
export * from './document-availability';
export * from './registered-proprietor-names';
export * from './rest-answer';
