/** Point of Sale: `/business/:business_id/pos/...` (spec 2). */
import { MERCHANT, sectionRoutes } from './define';
import { SHARED } from './shared';

const { route, shared } = sectionRoutes('pos', MERCHANT);

const PU = { permission: 'pos:use' } as const;
const PM = { permission: 'pos:manage' } as const;

export const posRoutes = [
  route('home', '', 'Point of Sales', 'posApp', { ...PU, screen: 'register.home', sidebar: { label: 'Web app', icon: 'device-desktop', order: 1 } }),
  route('sales-report', 'sales-report', 'Reports', 'salesReport', {
    ...PM,
    screen: 'pos-sales-report.view',
    sidebar: { label: 'Reports', icon: 'chart', order: 2 },
  }),
  route('orders', 'orders', 'Transactions', 'orders', { ...PU, screen: 'pos-orders.list', sidebar: { label: 'Orders', icon: 'shopping-cart', order: 3 } }),
  route('orders-detail', 'orders/:b_order', 'Order', 'orders', { ...PU, screen: 'pos-orders.detail' }),
  shared('products', 'products', SHARED.products, { sidebar: { label: 'Products', childLabel: 'All products', icon: 'package', order: 4 } }),
  shared('products-create', 'products/create', SHARED.productCreate),
  shared('products-edit', 'products/:b_product/edit', SHARED.productEdit),
  shared('product-categories', 'product-categories', SHARED.categories, { sidebar: { label: 'Categories', icon: 'list', order: 1, parent: 'pos.products' } }),
  shared('product-categories-create', 'product-categories/create', SHARED.categoryCreate),
  shared('product-categories-all-products', 'product-categories/all-products', SHARED.categoryAssign),
  shared('product-categories-view', 'product-categories/:b_product_category', SHARED.category),
  shared('product-categories-detail', 'product-categories/:b_product_category/detail', SHARED.categoryDetail),
  shared('product-categories-edit', 'product-categories/:b_product_category/edit', SHARED.categoryEdit),
  shared('product-customisation', 'product-customisation', SHARED.addOns, {
    sidebar: { label: 'Customisation', icon: 'settings', order: 2, parent: 'pos.products' },
  }),
  shared('product-customisation-create', 'product-customisation/create', SHARED.addOnCreate),
  shared('product-customisation-edit', 'product-customisation/:b_add_on_id/edit', SHARED.addOnEdit),
  shared('product-logs', 'product-logs', SHARED.productLogs, { sidebar: { label: 'Logs', icon: 'history', order: 3, parent: 'pos.products' } }),
  shared('discounts', 'discounts', SHARED.discounts, { sidebar: { label: 'Discounts', icon: 'discount', order: 5 } }),
  shared('discounts-create', 'discounts/create', SHARED.discountCreate),
  shared('discounts-edit', 'discounts/:b_discount/edit', SHARED.discountEdit),
  route('customers', 'customers', 'Customers', 'customers', {
    permission: 'payments:view',
    screen: 'customers.list',
    sidebar: { label: 'Customers', icon: 'users', order: 6 },
  }),
  route('customers-detail', 'customers/:b_customer', 'Customer', 'customers', { permission: 'payments:view', screen: 'customers.detail' }),
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
    screen: 'terminals.list',
    sidebar: { label: 'Card terminals', icon: 'device-mobile', order: 8 },
  }),
  route('terminals-order-readers', 'terminals/order-readers', 'Order readers', 'terminals', { ...PM, screen: 'terminals.order-form' }),
  route('terminals-reader', 'terminals/reader/:terminal_reader', 'Card reader', 'terminals', { ...PM, screen: 'terminals.reader' }),
  route('terminals-order', 'terminals/:terminal_order_id', 'Terminal order', 'terminals', { ...PM, screen: 'terminals.order' }),
  route('settings-mall-gto', 'settings/mall-gto', 'Mall sales reporting', 'mallGto', {
    ...PM,
    screen: 'mall-gto.list',
    sidebar: { label: 'Mall sales reporting', icon: 'building-store', order: 9 },
  }),
  route('settings-mall-gto-set-up', 'settings/mall-gto/set-up', 'Set up mall sales reporting', 'mallGto', { ...PM, screen: 'mall-gto.set-up' }),
  route('settings-mall-gto-edit', 'settings/mall-gto/:b_integration_id/edit', 'Edit mall integration', 'mallGto', { ...PM, screen: 'mall-gto.edit' }),
  route('settings-mall-gto-integrations', 'settings/mall-gto/integrations', 'Mall run log', 'mallGto', { ...PM, screen: 'mall-gto.runs' }),
  route('settings-order-form', 'settings/order-form-customisation', 'Order form customisation', 'orderForm', {
    ...PM,
    screen: 'pos-orders.order-form',
    sidebar: { label: 'Settings', childLabel: 'Order form customisation', icon: 'settings', order: 10, pinned: true },
  }),
  route('settings-devices', 'settings/devices', 'Register devices', null, {
    ...PM,
    screen: 'register-devices.list',
    sidebar: { label: 'Register devices', icon: 'device-desktop', order: 5, parent: 'pos.settings-order-form' },
  }),
  shared('settings-taxes', 'settings/taxes', SHARED.taxes, {
    sidebar: { label: 'Taxes', icon: 'cash', order: 1, parent: 'pos.settings-order-form' },
  }),
  shared('settings-taxes-create', 'settings/taxes/create', SHARED.taxCreate),
  shared('settings-taxes-settings', 'settings/taxes/settings', SHARED.taxSettings),
  shared('settings-taxes-edit', 'settings/taxes/:b_tax_setting/edit', SHARED.taxEdit),
  shared('settings-surcharges', 'settings/surcharges', SHARED.surcharges, {
    sidebar: { label: 'Surcharges', icon: 'cash', order: 2, parent: 'pos.settings-order-form' },
  }),
  shared('settings-surcharges-create', 'settings/surcharges/create', SHARED.surchargeCreate),
  shared('settings-surcharges-edit', 'settings/surcharges/:b_surcharge_setting/edit', SHARED.surchargeEdit),
  shared('users', 'users', SHARED.staffList, {
    sidebar: { label: 'Staff', icon: 'users', order: 3, parent: 'pos.settings-order-form' },
  }),
  shared('users-invite', 'users/invite', SHARED.staffInvite),
  shared('users-detail', 'users/:id/details', SHARED.staffDetail),
  shared('settings-business-details', 'settings/business-details', SHARED.businessDetails, {
    sidebar: { label: 'Business details', icon: 'building-store', order: 4, parent: 'pos.settings-order-form' },
  }),
];
