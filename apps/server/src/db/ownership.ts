import type * as schema from './schema';
import type { PgTable } from 'drizzle-orm/pg-core';

/**
 * Which server module owns each table (docs/architecture.md, "Table ownership"). A module is a folder
 * `modules/<area>/<module>`; `http` is the HTTP layer's own table. Only the owner's repositories and read models
 * (`*.read-model.ts`) name a table; other modules call the owner's service or import its read model.
 * `scripts/check-ownership.mjs` (run by `npm run lint`) holds the code to it; a table missing here does not compile.
 */
export const TABLE_OWNERS = {
  // identity
  users: 'identity/user',
  recoveryCodes: 'identity/user',
  sessions: 'identity/session',
  passwordResets: 'identity/auth',
  // business
  businesses: 'business/business',
  businessUsers: 'business/business',
  businessWarnings: 'business/business',
  invitations: 'business/staff',
  businessNotificationSettings: 'business/notification-settings',
  businessEmailTemplates: 'business/email-templates',
  partnerReferralCodes: 'business/partners',
  partnerLinks: 'business/partners',
  partnerInvitations: 'business/partners',
  referralContests: 'business/partners',
  referralContestResults: 'business/partners',
  partnerCommissions: 'business/partners',
  businessReferrals: 'business/partners',
  onboardingAnswers: 'business/onboarding',
  onboardingDocuments: 'business/onboarding',
  verificationEvents: 'business/onboarding',
  // platform
  rateLimits: 'platform/rate-limit',
  appSecrets: 'platform/app-secrets',
  auditLogs: 'platform/audit',
  mailOutbox: 'platform/mail',
  mailAttachments: 'platform/mail',
  idempotencyKeys: 'http',
  // catalogue (one module: products are validated against categories and add-on groups, and moved by them, in one transaction)
  products: 'catalogue/products',
  productVariants: 'catalogue/products',
  productCategories: 'catalogue/products',
  addOnGroups: 'catalogue/products',
  addOnChoices: 'catalogue/products',
  productAddOnGroups: 'catalogue/products',
  productLog: 'catalogue/products',
  media: 'catalogue/products',
  mediaFiles: 'catalogue/products',
  productImages: 'catalogue/products',
  categoryImages: 'catalogue/products',
  productImports: 'catalogue/products',
  productImportRows: 'catalogue/products',
  locations: 'catalogue/products',
  locationSettings: 'catalogue/products',
  stockLevels: 'catalogue/products',
  stockMovements: 'catalogue/products',
  // the catalogue's money settings: taxes, discounts (with their usage counters) and surcharges
  taxes: 'catalogue/pricing',
  taxSettings: 'catalogue/pricing',
  discounts: 'catalogue/pricing',
  discountUsage: 'catalogue/pricing',
  discountRedemptions: 'catalogue/pricing',
  // who works where: set by the staff module
  staffLocations: 'business/staff',
  surcharges: 'catalogue/pricing',
  // the online store's delivery and coupons
  shippingZones: 'store/shipping',
  shippingRates: 'store/shipping',
  pickups: 'store/shipping',
  coupons: 'store/coupons',
  couponRedemptions: 'store/coupons',
  // point of sale
  terminalOrders: 'pos/terminals',
  terminalOrderEvents: 'pos/terminals',
  terminalPairingCodes: 'pos/terminals',
  terminalReaders: 'pos/terminals',
  terminalReaderPayments: 'pos/terminals',
  // the online store (docs/online-store.md)
  storeCarts: 'store/orders',
  storeOrders: 'store/orders',
  storeSettings: 'store/settings',
  storePages: 'store/pages',
  storeVisits: 'store/pages',
  storeThemes: 'store/themes',
  bookingServices: 'store/booking',
  bookingStaff: 'store/booking',
  bookingTimeOff: 'store/booking',
  bookings: 'store/booking',
  // payments
  customers: 'payments/customers',
  paymentLinks: 'payments/payment-links',
  staticQrCodes: 'payments/static-qr-codes',
  payments: 'payments/charges',
  paymentEvents: 'payments/charges',
  refunds: 'payments/charges',
  paymentsDaily: 'payments/charges',
  processorAttempts: 'payments/charges',
  testProcessorCalls: 'payments/processor',
  ledgerTransactions: 'payments/ledger',
  ledgerEntries: 'payments/ledger',
  ledgerBalances: 'payments/ledger',
  ledgerDaily: 'payments/ledger',
  paymentMethodSettings: 'payments/payment-methods',
  providerConnections: 'payments/payment-methods',
  checkoutSettings: 'payments/checkout-customisation',
  bankAccounts: 'payments/bank-accounts',
  apiKeys: 'payments/developers',
  apiRequestLogs: 'payments/developers',
  integrations: 'payments/developers',
  webhookEndpoints: 'payments/developers',
  platformLinks: 'payments/platform-accounts',
  platformFees: 'payments/platform-accounts',
  platformSettings: 'payments/platform-accounts',
  accountingConnections: 'payments/connections',
  accountingJournals: 'payments/connections',
  webhookEvents: 'payments/developers',
  webhookDeliveries: 'payments/developers',
  webhookAttempts: 'payments/developers',
  payoutSettings: 'payments/payouts',
  payouts: 'payments/payouts',
  payoutLines: 'payments/payouts',
  payoutMarks: 'payments/payouts',
  invoices: 'payments/invoices',
  invoiceEvents: 'payments/invoices',
  invoiceReminderSettings: 'payments/invoice-reminders',
  invoiceRemindersSent: 'payments/invoice-reminders',
  repeatingInvoices: 'payments/repeating-invoices',
  repeatingInvoiceRuns: 'payments/repeating-invoices',
  invoiceImports: 'payments/invoice-imports',
  invoiceImportRows: 'payments/invoice-imports',
  recurringPlans: 'payments/recurring-plans',
  subscriptions: 'payments/subscriptions',
  subscriptionCharges: 'payments/subscriptions',
  subscriptionSettings: 'payments/subscriptions',
  subscriptionSetups: 'payments/subscriptions',
  directDebitMandates: 'payments/direct-debit',
  beneficiaries: 'payments/send-money',
  transferQuotes: 'payments/send-money',
  transfers: 'payments/send-money',
  transferEvents: 'payments/send-money',
  transferSettings: 'payments/send-money',
  // point of sale
  posDrawerSessions: 'pos/orders',
  posDrawerMovements: 'pos/orders',
  posOrderCounters: 'pos/orders',
  posOrders: 'pos/orders',
  posDraftOrders: 'pos/orders',
  posOrderLines: 'pos/orders',
  posOrderTenders: 'pos/orders',
  posRefunds: 'pos/orders',
  posOrderFormSettings: 'pos/orders',
  posPins: 'pos/orders',
  posDevices: 'pos/orders',
  mallIntegrations: 'pos/mall-gto',
  mallRuns: 'pos/mall-gto',
  chatConversations: 'business/support-chat',
  chatMessages: 'business/support-chat',
  chatCannedReplies: 'business/support-chat',
  notifications: 'business/notifications',
} as const satisfies { [K in keyof typeof schema as (typeof schema)[K] extends PgTable ? K : never]: string };

type Table = keyof typeof TABLE_OWNERS;

/**
 * Tables any module may read in its own statements (a join for a name, a currency, a time zone, a search): each is
 * read by most lists and mails, and a service call per row would be an N+1. Only the owner writes them.
 */
export const SHARED_READS: Partial<Record<Table, string>> = {
  businesses: "the business's name, currency, time zone and flags, joined by most lists and mails",
  users: "a person's name and email, joined where an action or a member is shown",
  businessUsers: 'membership and role, joined where members are listed or notified',
  customers: "the customer's name and email, joined and searched by the lists of invoices, subscriptions and reminders",
  products: "a product's name, copied into a payment link or an invoice line when it is made, and listed by their pickers",
  productVariants: "a product's price, copied into a payment link when it is made and shown by its picker",
  locations: "a location's name, joined by the register's orders and drawer sessions",
  productCategories: "a category's name, by which the sales reports group the lines of orders",
  staffLocations: "the locations a member is limited to, read with their role by every business request's access check",
};

/** Files of a module other modules may import besides its module, service, types, presenters and read models. */
export const PUBLIC_FILES: Record<string, string> = {
  'modules/payments/processor/provider.ts': 'the interface every payment processor implements, which charges speaks',
};

/** Files outside the rules: the demo seed writes the rows of every module (being moved onto the services). */
export const OUTSIDE_OWNERSHIP: Record<string, string> = {
  'db/seed.ts': 'the demo seed',
  'db/seed-payments.ts': 'the demo seed',
  'db/seed-payouts.ts': 'the demo seed',
  'db/seed-partners.ts': 'the demo seed',
  'db/seed-subscriptions.ts': 'the demo seed',
  'db/seed-transfers.ts': 'the demo seed',
  'db/seed-context.ts': 'the demo seed',
  'db/seed-store.ts': 'the demo seed',
  'db/seed-webhooks.ts': 'the demo seed',
};

type Exception = { file: string; reason: string } & ({ table: Table } | { imports: string });

/**
 * The exceptions: a file, the table it uses or the module file it imports without owning it, and why. Keep them
 * few; the check refuses one no longer needed.
 */
export const OWNERSHIP_EXCEPTIONS: readonly Exception[] = [
  {
    file: 'modules/payments/developers/public-business.module.ts',
    table: 'notifications',
    reason:
      'not a use: the OpenAPI summary "Update Notifications Setting" (HitPay\'s name of the email notification settings) reads like SQL to the check; the file never touches the bell\'s table',
  },
  {
    file: 'modules/store/orders/store-report.read-model.ts',
    table: 'refunds',
    reason:
      "performance: the store's sales report sums its orders' refunds by day in the statement that reads the orders (one aggregate, not a call per order)",
  },
  {
    file: 'modules/business/verification/verification.repository.ts',
    table: 'verificationEvents',
    reason: 'performance: the review queue sorts businesses by their last submission, a subquery of each row of one statement (a call per row would be an N+1)',
  },
  {
    file: 'modules/payments/charges/charges.repository.ts',
    table: 'checkoutSettings',
    reason: "a payment's one prepared read of its business, method settings and settlement delay (one round trip per payment)",
  },
  {
    file: 'modules/payments/charges/charges.repository.ts',
    table: 'paymentMethodSettings',
    reason: "a payment's one prepared read of its business, method settings and settlement delay (one round trip per payment)",
  },
  {
    file: 'modules/store/settings/store-settings.repository.ts',
    table: 'businesses',
    reason:
      "spec 3's domain info fields (custom domain, verified) are columns of the business; the store's domain screen is their only writer, and the storefront finds a business by its verified domain in the same row",
  },
  {
    file: 'modules/payments/invoice-reminders/invoice-reminders.repository.ts',
    table: 'invoices',
    reason: 'performance: the reminder schedule picks the due invoices of every business in one statement (not one call per business)',
  },
  {
    file: 'modules/payments/invoices/invoices.repository.ts',
    table: 'invoiceRemindersSent',
    reason: "transaction: a reminder's mail and its record commit together in the invoice's transaction, under the invoice's lock",
  },
  {
    file: 'modules/payments/payouts/payouts.repository.ts',
    imports: 'payments/ledger/ledger.repository',
    reason: "a payout takes the balance's lock in its own transaction before it reads the ledger",
  },
  ...(['ledgerBalances', 'ledgerEntries', 'ledgerTransactions', 'payments', 'bankAccounts'] as const).map((table) => ({
    file: 'modules/payments/payouts/payouts.repository.ts',
    table,
    reason:
      "a payout moves the settled ledger entries of a balance into its lines in one insert … select under the balance's lock, and its list joins the payments and bank accounts",
  })),
  ...(['payments', 'recurringPlans'] as const).map((table) => ({
    file: 'modules/payments/subscriptions/subscriptions.repository.ts',
    table,
    reason:
      "performance: a plan's revenue sums its subscriptions' charges joined to their payments in one statement, and the lists show the plan's name by subquery (a call per row would be an N+1)",
  })),
  {
    file: 'modules/identity/auth/auth.service.ts',
    imports: 'identity/user/user.repository',
    reason: 'transaction: sign-up makes the account and its business in one transaction, and the user module is built after auth',
  },
];
