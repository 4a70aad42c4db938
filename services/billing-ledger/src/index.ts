export * from './accounts/account';
export * from './accounts/evolve';
export * from './accounts/decide';
export { projectAccountBalances } from './read-models/account-balances';
