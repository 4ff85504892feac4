/** Online Store: `/business/:business_id/online-store/...` (spec 2). */
import { MERCHANT, sectionRoutes } from './define';
import { SHARED } from './shared';

const { route, shared } = sectionRoutes('online-store', MERCHANT);

const SM = { permission: 'store:manage' } as const;
/** What every role, cashiers included, may look at in the store. */
const SV = { permission: 'store:view' } as const;

export const onlineStoreRoutes = [
  route('overview', '', 'Shop insight', 'shopInsight', { ...SV, screen: 'store-insight.overview', sidebar: { label: 'Overview', icon: 'home', order: 1 } }),
  route('onboarding', 'onboarding', 'Set up your online store', 'storeOnboarding', { ...SM, screen: 'store-settings.onboarding' }),
  route('sales-report', 'sales-report', 'Reports', 'salesReport', {
    ...SV,
    screen: 'store-sales-report.view',
    sidebar: { label: 'Reports', icon: 'chart', order: 2 },
  }),
  route('orders', 'orders', 'Orders', 'orders', { ...SV, screen: 'store-orders.list', sidebar: { label: 'Orders', icon: 'shopping-cart', order: 3 } }),
  route('orders-export', 'orders/export', 'Export orders', 'orders', { ...SM, screen: 'store-orders.export' }),
  route('orders-detail', 'orders/:b_order', 'Order', 'orders', { ...SV, screen: 'store-orders.detail' }),
  route('orders-cancel', 'orders/:b_order/cancel', 'Cancel order', 'orders', { ...SM, screen: 'store-orders.cancel' }),
  shared('products', 'products', SHARED.products, { sidebar: { label: 'Products', childLabel: 'All products', icon: 'package', order: 4 } }),
  shared('products-create', 'products/create', SHARED.productCreate),
  shared('products-edit', 'products/:b_product/edit', SHARED.productEdit),
  shared('product-categories', 'product-categories', SHARED.categories, {
    sidebar: { label: 'Categories', icon: 'list', order: 1, parent: 'online-store.products' },
  }),
  shared('product-categories-create', 'product-categories/create', SHARED.categoryCreate),
  shared('product-categories-all-products', 'product-categories/all-products', SHARED.categoryAssign),
  shared('product-categories-view', 'product-categories/:b_product_category', SHARED.category),
  shared('product-categories-detail', 'product-categories/:b_product_category/detail', SHARED.categoryDetail),
  shared('product-categories-edit', 'product-categories/:b_product_category/edit', SHARED.categoryEdit),
  shared('product-customisation', 'product-customisation', SHARED.addOns, {
    sidebar: { label: 'Customisation', icon: 'settings', order: 2, parent: 'online-store.products' },
  }),
  shared('product-customisation-create', 'product-customisation/create', SHARED.addOnCreate),
  shared('product-customisation-edit', 'product-customisation/:b_add_on_id/edit', SHARED.addOnEdit),
  shared('product-logs', 'product-logs', SHARED.productLogs, {
    sidebar: { label: 'Logs', icon: 'history', order: 3, parent: 'online-store.products' },
  }),
  shared('discounts', 'discounts', SHARED.discounts, { sidebar: { label: 'Discounts', icon: 'discount', order: 5 } }),
  shared('discounts-create', 'discounts/create', SHARED.discountCreate),
  shared('discounts-edit', 'discounts/:b_discount/edit', SHARED.discountEdit),
  route('coupons', 'coupons', 'Coupons', 'coupons', { ...SM, screen: 'coupons.list', sidebar: { label: 'Coupons', icon: 'ticket', order: 6 } }),
  route('coupons-create', 'coupons/create', 'Create coupon', 'coupons', { ...SM, screen: 'coupons.create' }),
  route('coupons-edit', 'coupons/:b_coupon/edit', 'Edit coupon', 'coupons', { ...SM, screen: 'coupons.edit' }),
  route('customers', 'customers', 'Customers', 'customers', {
    permission: 'payments:view',
    screen: 'customers.list',
    sidebar: { label: 'Customers', icon: 'users', order: 7 },
  }),
  route('customers-detail', 'customers/:b_customer', 'Customer', 'customers', { permission: 'payments:view', screen: 'customers.detail' }),
  route('store-design', 'store-design', 'Customize store', 'storeDesign', {
    permission: 'store-design:manage',
    screen: 'store-design.list',
    sidebar: { label: 'Store design', icon: 'palette', order: 8 },
  }),
  route('store-design-theme', 'store-design/theme/:theme_id/:page', 'Theme designer', 'storeDesign', {
    permission: 'store-design:manage',
    screen: 'store-design.designer',
  }),
  route('pages', 'pages', 'Pages', 'pages', {
    permission: 'store-pages:manage',
    screen: 'store-pages.list',
    sidebar: { label: 'Pages', icon: 'file', order: 9 },
  }),
  route('pages-create', 'pages/create', 'Create page', 'pages', { permission: 'store-pages:manage', screen: 'store-pages.create' }),
  route('pages-edit', 'pages/:b_page/edit', 'Edit page', 'pages', { permission: 'store-pages:manage', screen: 'store-pages.edit' }),
  // The library is the catalogue's images: every role sees it, cataloguers upload and edit (docs/catalogue.md, "Images").
  route('media', 'media', 'Media', 'media', {
    permission: 'catalogue:view',
    screen: 'media.list',
    sidebar: { label: 'Media', icon: 'photo', order: 10 },
  }),
  route('media-edit', 'media/:b_media/edit', 'Edit media', 'media', { permission: 'catalogue:view', screen: 'media.edit' }),
  route('booking', 'booking', 'Booking', 'booking', { ...SM, screen: 'booking.home', sidebar: { label: 'Booking', icon: 'calendar', order: 11 } }),
  route('domain', 'domain', 'Domain', 'domain', { ...SM, screen: 'store-settings.domain', sidebar: { label: 'Domain', icon: 'world', order: 12 } }),
  route('shipping-pickup', 'shipping-pickup', 'Shipping and pickup', 'shipping', {
    ...SM,
    screen: 'shipping.list',
    sidebar: { label: 'Shipping and pickup', icon: 'truck', order: 13 },
  }),
  route('shipping-pickup-create', 'shipping-pickup/create', 'Create shipping zone', 'shipping', { ...SM, screen: 'shipping.zone-create' }),
  route('shipping-pickup-edit', 'shipping-pickup/:b_shipping/edit', 'Edit shipping zone', 'shipping', { ...SM, screen: 'shipping.zone-edit' }),
  route('pickups-create', 'shipping-pickup/pickups/create', 'Create pickup point', 'shipping', { ...SM, screen: 'shipping.pickup-create' }),
  route('pickups-edit', 'shipping-pickup/pickups/:pickup/edit', 'Edit pickup point', 'shipping', { ...SM, screen: 'shipping.pickup-edit' }),
  route('locations', 'locations', 'Locations', 'locations', {
    permission: 'catalogue:manage',
    screen: 'locations.list',
    sidebar: { label: 'Locations', icon: 'map-pin', order: 14 },
  }),
  route('locations-create', 'locations/create', 'Create location', 'locations', { permission: 'catalogue:manage', screen: 'locations.create' }),
  route('locations-edit', 'locations/:b_location/edit', 'Edit location', 'locations', { permission: 'catalogue:manage', screen: 'locations.edit' }),
  route('locations-settings', 'locations/settings', 'Location settings', 'locations', { permission: 'catalogue:manage', screen: 'locations.settings' }),
  route('settings-store', 'settings/store', 'Store settings', 'storeSettings', {
    ...SM,
    screen: 'store-settings.settings',
    sidebar: { label: 'Settings', childLabel: 'Store', icon: 'settings', order: 15, pinned: true },
  }),
  shared('settings-taxes', 'settings/taxes', SHARED.taxes, {
    sidebar: { label: 'Taxes', icon: 'cash', order: 1, parent: 'online-store.settings-store' },
  }),
  shared('settings-taxes-create', 'settings/taxes/create', SHARED.taxCreate),
  shared('settings-taxes-settings', 'settings/taxes/settings', SHARED.taxSettings),
  shared('settings-taxes-edit', 'settings/taxes/:b_tax_setting/edit', SHARED.taxEdit),
  shared('users', 'users', SHARED.staffList, {
    sidebar: { label: 'Staff', icon: 'users', order: 2, parent: 'online-store.settings-store' },
  }),
  shared('users-invite', 'users/invite', SHARED.staffInvite),
  shared('users-detail', 'users/:id/details', SHARED.staffDetail),
  shared('settings-notifications', 'settings/notifications', SHARED.notifications, {
    sidebar: { label: 'Notifications', icon: 'settings', order: 3, parent: 'online-store.settings-store' },
  }),
  shared('settings-email-templates', 'settings/email-templates', SHARED.emailTemplates, {
    sidebar: { label: 'Email templates', icon: 'settings', order: 4, parent: 'online-store.settings-store' },
  }),
  shared('settings-business-details', 'settings/business-details', SHARED.businessDetails, {
    sidebar: { label: 'Business info', icon: 'building-store', order: 5, parent: 'online-store.settings-store' },
  }),
];
