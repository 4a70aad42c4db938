// The ledger's commands, as one namespace (`billing.*`).
export * from './commands';
export * from './key-commands';
export * from './account-description';
export * from './payment-commands';
