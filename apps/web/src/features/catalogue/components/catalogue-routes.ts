import { useMatches } from 'react-router';
import { findRoute, href, type RouteId } from '@/app/route-table';

/** The catalogue's screens of one section; payments has its products only. */
interface CatalogueRouteIds {
  products: RouteId;
  productCreate: RouteId;
  productEdit: RouteId;
  /** The name of the product's parameter in the edit route's path. */
  productParam: 'product' | 'b_product';
  categories: RouteId | null;
  categoryCreate: RouteId | null;
  categoryAssign: RouteId | null;
  category: RouteId | null;
  categoryEdit: RouteId | null;
  addOns: RouteId | null;
  addOnCreate: RouteId | null;
  addOnEdit: RouteId | null;
  productLogs: RouteId | null;
}

const within = (s: 'pos' | 'online-store'): CatalogueRouteIds => ({
  products: `${s}.products`,
  productCreate: `${s}.products-create`,
  productEdit: `${s}.products-edit`,
  productParam: 'b_product',
  categories: `${s}.product-categories`,
  categoryCreate: `${s}.product-categories-create`,
  categoryAssign: `${s}.product-categories-all-products`,
  category: `${s}.product-categories-view`,
  categoryEdit: `${s}.product-categories-edit`,
  addOns: `${s}.product-customisation`,
  addOnCreate: `${s}.product-customisation-create`,
  addOnEdit: `${s}.product-customisation-edit`,
  productLogs: `${s}.product-logs`,
});

/** The catalogue is one capability with three entries (issue 26): its screens link within the section they are opened in. */
const BY_SECTION: Record<'payments' | 'pos' | 'online-store', CatalogueRouteIds> = {
  payments: {
    products: 'payments.products',
    productCreate: 'payments.products-create',
    productEdit: 'payments.products-edit',
    productParam: 'product',
    categories: null,
    categoryCreate: null,
    categoryAssign: null,
    category: null,
    categoryEdit: null,
    addOns: null,
    addOnCreate: null,
    addOnEdit: null,
    productLogs: null,
  },
  pos: within('pos'),
  'online-store': within('online-store'),
};

export type CatalogueRoutes = ReturnType<typeof catalogueLinks>;

/** Links of the catalogue's screens in one section, for one business (null where the section has no such screen). */
export function catalogueLinks(section: keyof typeof BY_SECTION, businessId: string) {
  const ids = BY_SECTION[section];
  const link = (id: RouteId | null, params: Record<string, string> = {}) => (id ? href(id, { business_id: businessId, ...params }) : null);
  return {
    section,
    products: href(ids.products, { business_id: businessId }),
    productCreate: href(ids.productCreate, { business_id: businessId }),
    product: (productId: string) => href(ids.productEdit, { business_id: businessId, [ids.productParam]: productId }),
    categories: link(ids.categories),
    categoryCreate: link(ids.categoryCreate),
    categoryAssign: link(ids.categoryAssign),
    category: (categoryId: string) => link(ids.category, { b_product_category: categoryId }),
    categoryEdit: (categoryId: string) => link(ids.categoryEdit, { b_product_category: categoryId }),
    addOns: link(ids.addOns),
    addOnCreate: link(ids.addOnCreate),
    addOnEdit: (groupId: string) => link(ids.addOnEdit, { b_add_on_id: groupId }),
    productLogs: link(ids.productLogs),
  };
}

/** The section the screen is opened in. */
function useSection(): keyof typeof BY_SECTION {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const section = leaf ? findRoute(leaf.id)?.section : undefined;
  return section && section !== 'partner' ? section : 'payments';
}

export function useCatalogueLinks(businessId: string): CatalogueRoutes {
  return catalogueLinks(useSection(), businessId);
}
