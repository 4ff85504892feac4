/**
 * Screens that several business sections show, each declared once: its screen, its one title and the
 * permission it needs. A section places one at its own path with `shared(id, path, SHARED.x, { sidebar })`.
 */
import type { SharedScreen } from './define';

export const SHARED = {
  staffList: { screen: 'staff.list', title: 'Staff', permission: 'staff:view' },
  staffInvite: { screen: 'staff.invite', title: 'Invite staff', permission: 'staff:manage' },
  staffDetail: { screen: 'staff.detail', title: 'Staff details', permission: 'staff:view' },
  businessDetails: { screen: 'business-details.edit', title: 'Business details', permission: 'business:update' },
  // The server's notifications and templates need settings:manage (store managers have store:manage only).
  notifications: { screen: 'notification-settings.edit', title: 'Notifications', permission: 'settings:manage' },
  emailTemplates: { screen: 'email-templates.edit', title: 'Email templates', permission: 'settings:manage' },
  // The catalogue (docs/catalogue.md): one capability under payments, the point of sale and the online store. Every role
  // sees it; a product's and an add-on group's screen opens read-only for whoever may not change it.
  products: { screen: 'catalogue.products', title: 'Products', permission: 'catalogue:view' },
  productCreate: { screen: 'catalogue.product-create', title: 'Create product', permission: 'catalogue:manage' },
  productEdit: { screen: 'catalogue.product-edit', title: 'Edit product', permission: 'catalogue:view' },
  categories: { screen: 'catalogue.categories', title: 'Product categories', permission: 'catalogue:view' },
  categoryCreate: { screen: 'catalogue.category-create', title: 'Create product category', permission: 'catalogue:manage' },
  categoryAssign: { screen: 'catalogue.all-products', title: 'All products', permission: 'catalogue:manage' },
  category: { screen: 'catalogue.category', title: 'Product category', permission: 'catalogue:view' },
  categoryDetail: { screen: 'catalogue.category-detail', title: 'Product category details', permission: 'catalogue:view' },
  categoryEdit: { screen: 'catalogue.category-edit', title: 'Edit product category', permission: 'catalogue:manage' },
  addOns: { screen: 'catalogue.add-ons', title: 'Product customisation', permission: 'catalogue:view' },
  addOnCreate: { screen: 'catalogue.add-on-create', title: 'Create add-on', permission: 'catalogue:manage' },
  addOnEdit: { screen: 'catalogue.add-on-edit', title: 'Edit add-on', permission: 'catalogue:view' },
  productLogs: { screen: 'catalogue.product-log', title: 'Product logs', permission: 'catalogue:view' },
  // Taxes, discounts and surcharges (docs/catalogue.md, "Built (part 3)"): every role sees them; a form opens read-only
  // for whoever may not change prices (catalogue:manage and catalogue:pricing). Surcharges are the register's only.
  taxes: { screen: 'pricing.taxes', title: 'Taxes', permission: 'catalogue:view' },
  taxCreate: { screen: 'pricing.tax-create', title: 'Create tax', permission: 'catalogue:pricing' },
  taxEdit: { screen: 'pricing.tax-edit', title: 'Edit tax', permission: 'catalogue:view' },
  taxSettings: { screen: 'pricing.tax-settings', title: 'Tax settings', permission: 'catalogue:view' },
  discounts: { screen: 'pricing.discounts', title: 'Discounts', permission: 'catalogue:view' },
  discountCreate: { screen: 'pricing.discount-create', title: 'Create discount', permission: 'catalogue:pricing' },
  discountEdit: { screen: 'pricing.discount-edit', title: 'Edit discount', permission: 'catalogue:view' },
  surcharges: { screen: 'pricing.surcharges', title: 'Surcharges', permission: 'catalogue:view' },
  surchargeCreate: { screen: 'pricing.surcharge-create', title: 'Create surcharge', permission: 'catalogue:pricing' },
  surchargeEdit: { screen: 'pricing.surcharge-edit', title: 'Edit surcharge', permission: 'catalogue:view' },
} as const satisfies Record<string, SharedScreen>;
