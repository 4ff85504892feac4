import { PERMISSIONS, ROLES, ROLE_PERMISSIONS, ROLE_TITLES, type Permission } from './permissions';

/** docs/roles.md, rendered from the permission map (npm run roles:doc writes it; a test keeps it fresh). */
export function renderRolesDoc(): string {
  const header = ['Permission', 'What it allows', ...ROLES.map((r) => ROLE_TITLES[r]), 'Super admin'];
  const rows = (Object.keys(PERMISSIONS) as Permission[]).map((p) => [
    `\`${p}\``,
    PERMISSIONS[p],
    ...ROLES.map((r) => (ROLE_PERMISSIONS[r].includes(p) ? 'yes' : '-')),
    'yes',
  ]);
  const table = [header, header.map(() => '---'), ...rows].map((cells) => `| ${cells.join(' | ')} |`).join('\n');
  return `# Roles and permissions

Generated from \`packages/core/src/permissions/permissions.ts\` by \`npm run roles:doc\`; do not edit by hand.
The server checks these on every endpoint; route guards, sidebars and buttons read the same map.

${table}

Rules beyond the table:
- A partner is the owner of a partner business: the partner area needs a partner business, and most
  payment routes are barred to partner businesses.
- Super admins hold every permission on every business without being a member.
- Cashiers do not see Refer and Earn, Store Design or Pages (spec 6); account verification is the owner's
  (and super admins'); only Owner and Admin manage balances, payouts, bank accounts, developers and staff.
- Managers send money too (\`transfers:manage\`): a transfer above the business's approval threshold waits
  for a second person with that permission, never its requester.
- Staff (\`staff:manage\`): only an Owner (or a super admin) may invite someone as Owner or make a member
  an Owner; an Admin cannot change, deactivate, reactivate or remove an Owner. Nobody changes their own
  role, deactivates or removes themselves, and the last active Owner can never be demoted, deactivated
  or removed.
- Managers see the staff list (\`staff:view\`) but cannot change it; Cashiers do not see it.
- Business details, including the staff two-factor requirement, are Owner and Admin (\`business:update\`).
- The catalogue (products, categories, add-on groups): everyone sees it (\`catalogue:view\`); Owner, Admin and
  Manager change it (\`catalogue:manage\`). A change that sets or changes a price (a variant's price, compare-at
  price or cost, an add-on choice's price, and any new product) also needs \`catalogue:pricing\`: without it the
  whole change is refused (403); a change that leaves prices alone needs only \`catalogue:manage\`.
- Stock and locations: everyone sees stock levels and locations (\`catalogue:view\`: a cashier looks up what is
  on hand at the counter); adjusting stock (received, damaged, recount), low-stock thresholds, locations and the
  online store's location need \`catalogue:manage\` (Owner, Admin, Manager), as receiving stock is a manager's job in
  Square and Shopify. A sale takes its units off stock as part of the sale (the seller's \`pos:use\`), not as an
  adjustment.
- Taxes, the tax settings, discounts and surcharges: everyone sees them (\`catalogue:view\`: a cashier applies a
  discount at the counter); adding, changing and archiving them and saving the tax settings need \`catalogue:manage\`
  (the endpoint) and \`catalogue:pricing\` (the service), like any price: without it the change is refused (403).
- Products by CSV (import, its rows and report, the template) and the product list's CSV export: \`catalogue:manage\`
  on every endpoint (Owner, Admin, Manager); confirming an import also needs \`catalogue:pricing\`, since its rows set
  prices. The rows are applied by a job in the name of the member who confirmed, with those two permissions.
- Locations (staff limited to locations): a member may be limited to some locations (none: every location), on
  the staff detail screen or when invited, by whoever holds \`staff:manage\` (under the staff rules above: never
  themselves, an Admin never an Owner); \`staff:view\` reads them, and every change is audited
  (\`staff.locations_changed\`, from and to). Whatever the role, a limited member works only at their locations:
  what they would **read** at another location (a register order, a drawer session, a customer's orders there) is
  **404**, as if it were not there, the way a cashier's view of another cashier's order already is; lists and the CSV
  export leave those out. What they **ask to do** at another location (open a drawer, sell, adjust stock, pair a
  reader or move one) is **403 \`LOCATION_NOT_ALLOWED\`**: the request names the location, so there is nothing to
  hide. A drawer opened before the limit sells nothing more at a location no longer theirs. Their own drawers stay
  theirs to see and close. The register offers only their locations (\`GET .../my-locations\`). The access check reads
  a member's locations with their role and keeps them with it: a request works with the locations its caller had when
  it began, as with the role, and a change to them is announced like a role change (migration 0086), so every process
  applies it from the next request.
- Customers under \`pos/customers\` and \`online-store/customers\` are the payments customers (\`payments:view\`,
  every role). A customer's register orders follow the orders rules: a cashier sees their own sales, a limited
  member those of their locations.
- Cashiers keep no Locations entry in the sidebar (decided with location limits): the register shows the location
  they sell at, a product's stock shows each location's units, and the list's use (addresses, hours, receipts) is a
  manager's; a limited cashier's locations show to whoever sees the staff.
- Support chat: Owner, Admin and Manager see the support inbox (\`chat:view\`) and answer customers, assign, close
  and reopen conversations and edit canned replies (\`chat:reply\`). Cashiers do not: they work at the counter, and
  a conversation holds the customer's email (Shopify Inbox too is given to staff by a permission of its own).
  A conversation is assigned only to a member who holds \`chat:reply\`.
`;
}
