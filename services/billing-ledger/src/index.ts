export * from './accounts/account';
export * from './accounts/evolve';
export * from './accounts/decide';
export { projectAccountBalances } from './read-models/account-balances';
export * from './accounts/account-store';
export * from './accounts/account-snapshot';
export * from './accounts/forgetting';
