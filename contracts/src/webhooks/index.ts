// Webhooks as the API promises them: how a delivery is signed and verified, and where one may be sent.
export * from './signature';
export * from './targets';
