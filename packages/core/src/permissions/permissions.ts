/**
 * THE permission map: the single source for server checks, route guards, sidebars and buttons.
 * `docs/roles.md` is generated from it (npm run roles:doc).
 */
export const ROLES = ['owner', 'admin', 'manager', 'cashier'] as const;
export type Role = (typeof ROLES)[number];

export const ROLE_TITLES: Record<Role, 'Owner' | 'Admin' | 'Manager' | 'Cashier'> = {
  owner: 'Owner',
  admin: 'Admin',
  manager: 'Manager',
  cashier: 'Cashier',
};
export type RoleTitle = (typeof ROLE_TITLES)[Role];

/** Every permission, `<capability>:<action>`, with what it allows (shown in docs/roles.md). */
export const PERMISSIONS = {
  'business:view': 'See the business, its overview and its warnings',
  'business:update': 'Edit business details, logo and address',
  'staff:view': 'See the staff list',
  'staff:manage': 'Invite, change roles of, deactivate and remove staff',
  'developers:view': 'Open the Developers area (API keys, webhooks)',
  'verification:view': 'See account verification (canViewVerification)',
  'wallets:manage': 'See balances and request payouts (canManageWallets)',
  'transfers:manage': 'Send money, manage beneficiaries, see transfer history (canManageTransfers)',
  'bank-accounts:manage': 'Add, edit and remove payout bank accounts',
  'payments:view': 'See transactions, customers and reports',
  'payments:create': 'Create payment links, QR codes, invoices and charges',
  'payments:refund': 'Refund payments',
  'settings:manage': 'Change payment settings, checkout, notifications and email templates',
  'audit-logs:view': 'See the business audit log',
  'referral:view': 'See Refer and Earn',
  'catalogue:view': 'See products, categories, add-on groups, the product log, stock levels, locations, taxes, discounts and surcharges',
  'catalogue:manage': 'Add and edit products, categories, add-on groups and locations, and adjust stock (prices need catalogue:pricing)',
  'catalogue:pricing':
    "Set and change prices: a variant's price, compare-at price and cost, add-on prices, and taxes, discounts and surcharges (with catalogue:manage)",
  'pos:use': 'Take payments on the web POS and see own sales',
  'pos:manage': 'Manage products, discounts, locations, taxes and terminals',
  'store:view': 'See the online store overview, orders, products and customers',
  'store:manage': 'Manage the online store catalogue, orders and settings',
  'store-design:manage': 'Change the store design and themes',
  'store-pages:manage': 'Edit store pages',
  'chat:view': 'See the support inbox: customer conversations and canned replies',
  'chat:reply': 'Answer customers in the support chat, assign and close conversations, and edit canned replies',
} as const;
export type Permission = keyof typeof PERMISSIONS;
export const ALL_PERMISSIONS = Object.keys(PERMISSIONS) as Permission[];

const MANAGER: Permission[] = [
  'business:view',
  'staff:view',
  'payments:view',
  'payments:create',
  'payments:refund',
  // Managers send money; above the business's approval threshold a second person approves (docs/payments.md).
  'transfers:manage',
  'referral:view',
  // The catalogue: managers edit products, categories and add-ons, prices included (docs/catalogue.md).
  'catalogue:view',
  'catalogue:manage',
  'catalogue:pricing',
  'pos:use',
  'pos:manage',
  'store:view',
  'store:manage',
  'store-design:manage',
  'store-pages:manage',
  // Managers run the shop floor and answer customers (docs/decisions.md, "Support chat").
  'chat:view',
  'chat:reply',
];

/**
 * Decisions where the spec is silent (see docs/roles.md): only Owner and Admin manage balances,
 * payouts, bank accounts, developers and staff; Managers also send money (transfers above the approval
 * threshold wait for a second person); account verification is the owner's;
 * Cashiers take payments and see sales but no Refer and Earn, Store Design or Pages (spec 6).
 */
export const ROLE_PERMISSIONS: Record<Role, readonly Permission[]> = {
  owner: ALL_PERMISSIONS,
  admin: ALL_PERMISSIONS.filter((p) => p !== 'verification:view'),
  manager: MANAGER,
  cashier: ['business:view', 'payments:view', 'payments:create', 'catalogue:view', 'pos:use', 'store:view'],
};

export interface Actor {
  isSuperAdmin: boolean;
  /** The actor's role in the business at hand, null when not a member. */
  role: Role | null;
}

/** Super admins hold every permission on every business; members hold their role's. */
export function permissionsOf(actor: Actor): Permission[] {
  if (actor.isSuperAdmin) return [...ALL_PERMISSIONS];
  if (!actor.role) return [];
  return [...ROLE_PERMISSIONS[actor.role]];
}

export function can(actor: Actor, permission: Permission): boolean {
  return actor.isSuperAdmin || (actor.role !== null && ROLE_PERMISSIONS[actor.role].includes(permission));
}

/**
 * Roles an actor may hand out (invite with, or change a member to). Staff management needs
 * 'staff:manage'; on top of it only an Owner (or a super admin) may make someone an Owner.
 */
export function assignableRoles(actor: Actor): Role[] {
  if (!can(actor, 'staff:manage')) return [];
  if (actor.isSuperAdmin || actor.role === 'owner') return [...ROLES];
  return ROLES.filter((r) => r !== 'owner');
}

/**
 * Whether an actor may change the role of, deactivate, reactivate or remove a member holding `targetRole`:
 * needs 'staff:manage', and an Admin cannot act on an Owner.
 */
export function canManageMember(actor: Actor, targetRole: Role): boolean {
  if (!can(actor, 'staff:manage')) return false;
  return targetRole !== 'owner' || actor.isSuperAdmin || actor.role === 'owner';
}
