import type { AbandonedCartsService } from './abandoned-carts.service';
import type { StoreOrdersService } from './store-orders.service';
import type { StorefrontService } from './storefront.service';
import type { StoreThemesService } from '@/modules/store/themes/store-themes.service';
import type { BookingModuleService } from '@/modules/store/booking/booking.service';

/** The store's services: the storefront, the orders, and the hosted checkout's origin its forms post on to. */
export interface StoreService {
  storefront: StorefrontService;
  orders: StoreOrdersService;
  /** Abandoned carts: the checkout's email, the recovery mail and link, the dashboard's list. */
  abandoned: AbandonedCartsService;
  checkoutOrigin: string;
  /** The themes' drafts, for the designer's preview. */
  themes: Pick<StoreThemesService, 'draftOf'>;
  /** Booking: the storefront's booking pages. */
  booking: BookingModuleService;
}
