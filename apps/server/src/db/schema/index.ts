/** The database schema, one file per section; drizzle-kit reads this folder. */
export * from './identity';
export * from './business';
export * from './onboarding';
export * from './platform';
export * from './payments';
export * from './invoices';
export * from './recurring';
export * from './bank-accounts';
export * from './invoice-imports';
export * from './payouts';
export * from './send-money';
export * from './direct-debit';
export * from './processor';
export * from './catalogue';
export * from './store';
