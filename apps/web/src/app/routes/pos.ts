/** Point of Sale: `/business/:business_id/pos/...` (spec 2). */
import { MERCHANT, sectionRoutes } from './define';
import { SHARED } from './shared';

const { route, shared } = sectionRoutes('pos', MERCHANT);

const PU = { permission: 'pos:use' } as const;
const PM = { permission: 'pos:manage' } as const;

export const posRoutes = [
  route('home', '', 'Point of Sales', 'posApp', { ...PU, sidebar: { label: 'Web app', icon: 'device-desktop', order: 1 } }),
  route('sales-report', 'sales-report', 'Reports', 'salesReport', { ...PU, sidebar: { label: 'Reports', icon: 'chart', order: 2 } }),
  route('orders', 'orders', 'Transactions', 'orders', { ...PU, sidebar: { label: 'Orders', icon: 'shopping-cart', order: 3 } }),
  route('orders-detail', 'orders/:b_order', 'Order', 'orders', PU),
  route('products', 'products', 'Products', 'catalogue', {
    ...PM,
    sidebar: { label: 'Products', childLabel: 'All products', icon: 'package', order: 4 },
  }),
  route('products-create', 'products/create', 'Create product', 'catalogue', PM),
  route('products-edit', 'products/:b_product/edit', 'Edit product', 'catalogue', PM),
  route('product-categories', 'product-categories', 'Product categories', 'catalogue', {
    ...PM,
    sidebar: { label: 'Categories', icon: 'list', order: 1, parent: 'pos.products' },
  }),
  route('product-categories-create', 'product-categories/create', 'Create product category', 'catalogue', PM),
  route('product-categories-all-products', 'product-categories/all-products', 'All products', 'catalogue', PM),
  route('product-categories-view', 'product-categories/:b_product_category', 'Product category', 'catalogue', PM),
  route('product-categories-detail', 'product-categories/:b_product_category/detail', 'Product category details', 'catalogue', PM),
  route('product-categories-edit', 'product-categories/:b_product_category/edit', 'Edit product category', 'catalogue', PM),
  route('product-customisation', 'product-customisation', 'Product customisation', 'catalogue', {
    ...PM,
    sidebar: { label: 'Customisation', icon: 'settings', order: 2, parent: 'pos.products' },
  }),
  route('product-customisation-create', 'product-customisation/create', 'Create add-on', 'catalogue', PM),
  route('product-customisation-edit', 'product-customisation/:b_add_on_id/edit', 'Edit add-on', 'catalogue', PM),
  route('product-logs', 'product-logs', 'Product logs', 'catalogue', {
    ...PM,
    sidebar: { label: 'Logs', icon: 'history', order: 3, parent: 'pos.products' },
  }),
  route('discounts', 'discounts', 'Discounts', 'discounts', { ...PM, sidebar: { label: 'Discounts', icon: 'discount', order: 5 } }),
  route('discounts-create', 'discounts/create', 'Create discount', 'discounts', PM),
  route('discounts-edit', 'discounts/:b_discount/edit', 'Edit discount', 'discounts', PM),
  route('customers', 'customers', 'Customers', 'customers', { ...PU, sidebar: { label: 'Customers', icon: 'users', order: 6 } }),
  route('customers-detail', 'customers/:b_customer', 'Customer', 'customers', PU),
  route('locations', 'locations', 'Locations', 'locations', {
    permission: 'catalogue:manage',
    screen: 'locations.list',
    sidebar: { label: 'Locations', icon: 'map-pin', order: 7 },
  }),
  route('locations-create', 'locations/create', 'Create location', 'locations', { permission: 'catalogue:manage', screen: 'locations.create' }),
  route('locations-edit', 'locations/:b_location/edit', 'Edit location', 'locations', { permission: 'catalogue:manage', screen: 'locations.edit' }),
  route('locations-settings', 'locations/settings', 'Location settings', 'locations', { permission: 'catalogue:manage', screen: 'locations.settings' }),
  route('terminals', 'terminals', 'Card terminals', 'terminals', {
    ...PM,
    sidebar: { label: 'Card terminals', icon: 'device-mobile', order: 8 },
  }),
  route('terminals-reader', 'terminals/reader/:terminal_reader', 'Card reader', 'terminals', PM),
  route('terminals-order', 'terminals/:terminal_order_id', 'Terminal order', 'terminals', PM),
  route('settings-mall-gto', 'settings/mall-gto', 'Mall sales reporting', 'mallGto', {
    ...PM,
    sidebar: { label: 'Mall sales reporting', icon: 'building-store', order: 9 },
  }),
  route('settings-mall-gto-set-up', 'settings/mall-gto/set-up', 'Set up mall sales reporting', 'mallGto', PM),
  route('settings-mall-gto-edit', 'settings/mall-gto/:b_integration_id/edit', 'Edit mall integration', 'mallGto', PM),
  route('settings-mall-gto-integrations', 'settings/mall-gto/integrations', 'Mall integrations', 'mallGto', PM),
  route('settings-order-form', 'settings/order-form-customisation', 'Order form customisation', 'orderForm', {
    ...PM,
    sidebar: { label: 'Settings', childLabel: 'Order form customisation', icon: 'settings', order: 10, pinned: true },
  }),
  route('settings-taxes', 'settings/taxes', 'Taxes', 'taxes', {
    ...PM,
    sidebar: { label: 'Taxes', icon: 'cash', order: 1, parent: 'pos.settings-order-form' },
  }),
  route('settings-taxes-create', 'settings/taxes/create', 'Create tax', 'taxes', PM),
  route('settings-taxes-settings', 'settings/taxes/settings', 'Tax settings', 'taxes', PM),
  route('settings-taxes-edit', 'settings/taxes/:b_tax_setting/edit', 'Edit tax', 'taxes', PM),
  route('settings-surcharges', 'settings/surcharges', 'Surcharges', 'surcharges', {
    ...PM,
    sidebar: { label: 'Surcharges', icon: 'cash', order: 2, parent: 'pos.settings-order-form' },
  }),
  route('settings-surcharges-create', 'settings/surcharges/create', 'Create surcharge', 'surcharges', PM),
  route('settings-surcharges-edit', 'settings/surcharges/:b_surcharge_setting/edit', 'Edit surcharge', 'surcharges', PM),
  shared('users', 'users', SHARED.staffList, {
    sidebar: { label: 'Staff', icon: 'users', order: 3, parent: 'pos.settings-order-form' },
  }),
  shared('users-invite', 'users/invite', SHARED.staffInvite),
  shared('users-detail', 'users/:id/details', SHARED.staffDetail),
  shared('settings-business-details', 'settings/business-details', SHARED.businessDetails, {
    sidebar: { label: 'Business details', icon: 'building-store', order: 4, parent: 'pos.settings-order-form' },
  }),
];
