export * from './ledger-client';
