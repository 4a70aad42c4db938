// HM Land Registry's Business Gateway: the services this API uses, their messages and schemas, the transport, and the
// registry adapter over them. The registry test environment in infra answers with the same messages.
export * from './xml';
export * from './soap';
export * from './services';
export * from './transport';
export * from './schema-check';
export * from './message-ids';
export * from './messages/gateway-response';
export * from './messages/search-by-property-description';
export * from './messages/official-copy-title-known';
export * from './messages/poll';
export { BusinessGatewayRegistry, matchedAddressOf, unknownRequestCode, type BusinessGatewayRegistryOptions } from './registry';
export { registryPostcode, searchAddressOf } from './search-address';
export * from './rest';
export * as registerExtract from './register-summary';
export * from './messages/outstanding-requests';
export * from './messages/amounts';
