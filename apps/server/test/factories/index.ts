/**
 * Test factories: each makes what one test needs, fresh and uniquely named, through the product's own API
 * (and, where no endpoint exists, its repositories), so no test reads or changes the demo seed.
 *
 * One file per capability, next to these: `people.ts` (users, two-factor, super admins), `businesses.ts`
 * (businesses, staff, invitations). A new capability adds `<capability>.ts` here (payments: customers,
 * links, payments), built on `createBusiness`, and exports it below.
 */
export * from './unique';
export * from './people';
export * from './businesses';
export * from './checkout';
export * from './invoices';
export * from './bank-accounts';
export * from './repeating-invoices';
export * from './payouts';
export * from './send-money';
export * from './customer-portal';
export * from './subscriptions';
export * from './catalogue';
export * from './locations';
export * from './pos';
export * from './terminals';
export * from './store';
