import { useQuery } from '@tanstack/react-query';
import { matchPath, useLocation, useParams } from 'react-router';
import { CHECKOUT_PATHS, type CheckoutSourceKind } from '@merchant/payments';
import { LoadingScreen } from '@/components/loading-screen';
import { checkoutQuery } from '@/features/checkout/api/checkout-api';
import { CheckoutFrame } from '@/components/checkout-frame';
import { CheckoutUnavailable } from '@/features/checkout/components/checkout-status';
import { PayForm } from '@/features/checkout/components/pay-form';

/** The page of a payment link (`/l/:id`) or a static QR code (`/q/:id`). */
export function Component() {
  const { public_id: publicId = '' } = useParams();
  const { pathname } = useLocation();
  const kind: CheckoutSourceKind = matchPath(CHECKOUT_PATHS.qr, pathname) ? 'qr' : 'link';
  const checkout = useQuery(checkoutQuery(kind, publicId));
  if (checkout.isPending) return <LoadingScreen />;
  if (checkout.isError) {
    return (
      <CheckoutFrame business={null} testMode={false}>
        <CheckoutUnavailable error={checkout.error} what="payment page" />
      </CheckoutFrame>
    );
  }
  return (
    <CheckoutFrame business={checkout.data.business} testMode={checkout.data.test_mode} testCards>
      <PayForm source={{ kind, publicId }} checkout={checkout.data} />
    </CheckoutFrame>
  );
}
