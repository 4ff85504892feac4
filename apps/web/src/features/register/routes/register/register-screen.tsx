import { useCallback, useEffect, useMemo, useState } from 'react';
import { Alert, Button, Group, List, SegmentedControl, Stack, Text } from '@mantine/core';
import { IconWifiOff } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatDateTime, formatMoney } from '@merchant/core';
import { DEFAULT_ORDER_FORM, type DrawerSession, type Order } from '@merchant/catalogue';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import {
  currentDrawerQuery,
  orderFormQuery,
  registerLocationsQuery,
  myLocationsQuery,
  registerReadersQuery,
  registerPricingQuery,
  registerDeviceQuery,
  sendQueuedSale,
  sendSale,
  useInvalidateAfterSale,
  useSaveCart,
} from '../../api/register-api';
import { CartPanel } from '../../components/cart-panel';
import { DeviceAllowance } from '../../components/device-allowance';
import { OpenDrafts } from '../../components/open-drafts';
import { DrawerBar, DrawerClosedDialog, OpenDrawerCard } from '../../components/drawer-controls';
import { ProductPicker } from '../../components/product-picker';
import { QuickSale, type QuickSaleValue } from '../../components/quick-sale';
import { ReceiptDialog } from '../../components/receipt';
import { SaveCartDialog } from '../../components/save-cart-dialog';
import classes from '../../components/register.module.css';
import { TenderDialog } from '../../components/tender-dialog';
import { addLine, cartTotals, EMPTY_CART, saleBody, type Cart, type Tender } from '../../lib/cart';
import { savedCartBody } from '../../lib/drafts';
import { keepPricingContext, readPricingContext } from '../../lib/pricing-store';
import { deviceIdOf, keepOfflineAllowance, keptOfflineAllowance } from '../../lib/device';
import { dismissSale, enqueueSale, readQueue, syncQueue, type QueuedSale } from '../../lib/offline-queue';

const locationKey = (businessId: string) => `register.location.${businessId}`;

/** Online as the browser says, and since when it has been offline (a failed send says so too). */
function useNetwork() {
  const [offlineSince, setOfflineSince] = useState<Date | null>(() => (navigator.onLine ? null : new Date()));
  useEffect(() => {
    const on = () => setOfflineSince(null);
    const off = () => setOfflineSince((since) => since ?? new Date());
    window.addEventListener('online', on);
    window.addEventListener('offline', off);
    return () => {
      window.removeEventListener('online', on);
      window.removeEventListener('offline', off);
    };
  }, []);
  const lost = useCallback(() => setOfflineSince((since) => since ?? new Date()), []);
  return { online: offlineSince === null, offlineSince, lost };
}

/** No answer from the server at all (fetch failed), or one that settled nothing. */
const noAnswer = (error: unknown) => !(error instanceof ApiError) || error.status >= 500;

/** The web register (pos home, "Point of Sales"): docs/pos.md, "The register". */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const drawer = useQuery(currentDrawerQuery(businessId));
  if (!business.data) return <LoadingScreen />;
  if (!drawer.data) return <QueryPage title="Point of Sales" query={drawer} loadingLabel="Loading the register" />;
  return <Register businessId={businessId} />;
}

function Register({ businessId }: { businessId: string }) {
  const business = useBusiness(businessId).data!;
  const currency = business.currency;
  const zone = business.time_zone;
  const drawerQuery = useQuery(currentDrawerQuery(businessId));
  const drawer = drawerQuery.data?.drawer ?? null;
  const locations = useQuery(registerLocationsQuery(businessId));
  const orderForm = useQuery(orderFormQuery(businessId)).data ?? DEFAULT_ORDER_FORM;
  const network = useNetwork();
  const { lost } = network;
  const invalidate = useInvalidateAfterSale(businessId);

  // This browser as a register device: offline selling only when a manager allowed it (the last answer kept for offline).
  const [deviceId] = useState(() => deviceIdOf(localStorage));
  // Reported with the location this browser last sold at (kept in its storage).
  const device = useQuery(registerDeviceQuery(businessId, deviceId, () => localStorage.getItem(locationKey(businessId)))).data;
  useEffect(() => {
    if (device) keepOfflineAllowance(localStorage, businessId, device.offline_allowed);
  }, [device, businessId]);
  const offlineAllowed = device?.offline_allowed ?? keptOfflineAllowance(localStorage, businessId);
  const offlineRefusal =
    'Offline selling is off on this device: nothing was recorded. Take the sale when the network is back, or ask a manager to allow offline selling on this device.';

  const [deviceLocation, setDeviceLocation] = useState<string | null>(() => localStorage.getItem(locationKey(businessId)));
  // A person limited to some locations is offered only theirs (the server refuses the others).
  const mine = useQuery(myLocationsQuery(businessId)).data?.location_ids ?? null;
  const activeLocations = (locations.data?.data ?? []).filter((l) => mine === null || mine.includes(l.id));
  const chosenLocation = activeLocations.some((l) => l.id === deviceLocation) ? deviceLocation : (activeLocations[0]?.id ?? null);
  const locationId = drawer?.location.id ?? chosenLocation;
  const location = activeLocations.find((l) => l.id === locationId);
  const chooseLocation = (id: string) => {
    localStorage.setItem(locationKey(businessId), id);
    setDeviceLocation(id);
  };

  const [mode, setMode] = useState<'register' | 'quick'>('register');
  const [cart, setCart] = useState<Cart>(EMPTY_CART);
  const [quick, setQuick] = useState<QuickSaleValue>({ amount: 0, description: '' });
  // The location's pricing context: fetched, kept per location for a reload offline, the kept one until it loads.
  const pricingQuery = useQuery(registerPricingQuery(businessId, locationId));
  const keptPricing = useMemo(() => (locationId ? readPricingContext(localStorage, businessId, locationId) : null), [businessId, locationId]);
  useEffect(() => {
    if (pricingQuery.data && locationId) keepPricingContext(localStorage, businessId, locationId, pricingQuery.data);
  }, [pricingQuery.data, businessId, locationId]);
  const pricingContext = pricingQuery.data ?? keptPricing;
  const totals = useMemo(() => cartTotals(currency, cart, { context: pricingContext }), [currency, cart, pricingContext]);
  const openDraft = (mode === 'register' ? cart.draft : quick.draft) ?? null;
  const [tendering, setTendering] = useState<null | { due: number; dueByCard: number }>(null);
  const [paying, setPaying] = useState(false);
  const [receipt, setReceipt] = useState<Order | null>(null);
  const [closedDrawer, setClosedDrawer] = useState<DrawerSession | null>(null);
  const [savingCart, setSavingCart] = useState(false);
  const saveCart = useSaveCart(businessId);
  const closeSave = () => {
    setSavingCart(false);
    saveCart.reset();
  };
  const save = (note: string) => {
    if (!drawer) return;
    saveCart.mutate(
      { draftId: cart.draft?.id ?? null, body: savedCartBody(cart, drawer.location.id, note) },
      {
        onSuccess: () => {
          setCart(EMPTY_CART);
          closeSave();
          notifySuccess('Saved as an open order');
        },
        onError: (error) => {
          if (noAnswer(error)) network.lost();
          // Paid meanwhile by another register: the snackbar says so; the cart still names the draft, so charging it is
          // refused too (never sold twice) until the cashier sets it aside.
          if (error instanceof ApiError && error.status === 409) {
            closeSave();
            notifyError(error);
            void invalidate();
          }
        },
      },
    );
  };

  // The reader at the drawer's location that can take a card now (paired, online, at an active location).
  const readers = useQuery(registerReadersQuery(businessId));
  const atDrawer = (readers.data?.data ?? []).filter((r) => r.location?.id === drawer?.location.id);
  const ready = atDrawer.find((r) => r.can_take_payments);
  const card = ready
    ? { reader: ready, businessId, testMode: business.test_mode }
    : { unavailable: atDrawer.length > 0 ? 'The card reader at this location is offline: check that it is on.' : 'No card reader is paired at this location.' };

  const [queue, setQueue] = useState<QueuedSale[]>(() => readQueue(localStorage, businessId));
  const refreshQueue = useCallback(() => setQueue(readQueue(localStorage, businessId)), [businessId]);
  const waiting = queue.filter((s) => !s.refused);
  const refused = queue.filter((s) => s.refused);

  const sync = useCallback(async () => {
    if (readQueue(localStorage, businessId).every((s) => s.refused)) return;
    const result = await syncQueue(localStorage, businessId, (body) => sendQueuedSale(businessId, body));
    refreshQueue();
    if (result.sent > 0) {
      notifySuccess(result.sent === 1 ? 'A sale kept offline was recorded' : `${result.sent} sales kept offline were recorded`);
      void invalidate();
    }
    if (result.waiting > 0 && result.sent === 0) lost();
  }, [businessId, invalidate, lost, refreshQueue]);

  // Send what waits when the network returns, and every half minute while something waits.
  useEffect(() => {
    if (!network.online || waiting.length === 0) return;
    void sync();
    const timer = window.setInterval(() => void sync(), 30_000);
    return () => window.clearInterval(timer);
  }, [network.online, waiting.length, sync]);

  const finish = (order: Order | null) => {
    if (mode === 'register') setCart(EMPTY_CART);
    else setQuick({ amount: 0, description: '' });
    setTendering(null);
    setReceipt(order);
  };

  const pay = async (tenders: Tender[]) => {
    if (!locationId || !tendering) return;
    const body = saleBody(
      mode === 'register'
        ? { idempotencyKey: crypto.randomUUID(), locationId, tenders, cart }
        : {
            idempotencyKey: crypto.randomUUID(),
            locationId,
            tenders,
            quickSale: { amount: quick.amount, description: quick.description.trim() },
            draftId: quick.draft?.id ?? null,
          },
    );
    const cashOnly = tenders.every((t) => t.kind === 'cash');
    const keep = () => {
      // Sent later with this device and the time it was taken: the server holds the device's offline allowance too.
      const takenAt = new Date().toISOString();
      enqueueSale(localStorage, businessId, { body: { ...body, offline: { device_id: deviceId, taken_at: takenAt } }, due: tendering.due, queuedAt: takenAt });
      refreshQueue();
      const change = tenders.reduce((s, t) => s + (t.kind === 'cash' ? t.tendered - t.amount : 0), 0);
      notifySuccess(`Sale kept on this device; it is sent when the network is back.${change > 0 ? ` Change due: ${formatMoney(change, currency)}.` : ''}`);
      finish(null);
    };
    if (!network.online && cashOnly) {
      if (!offlineAllowed) return notifyError(new Error(offlineRefusal));
      return keep();
    }
    setPaying(true);
    try {
      const order = await sendSale(businessId, body);
      void invalidate();
      finish(order);
    } catch (error) {
      if (noAnswer(error) && cashOnly) {
        network.lost();
        if (offlineAllowed) keep();
        else notifyError(new Error(offlineRefusal));
      } else {
        notifyError(error);
        // A draft paid meanwhile (by another register) leaves the open orders.
        if (error instanceof ApiError && error.status === 409) void invalidate();
      }
    } finally {
      setPaying(false);
    }
  };

  return (
    <PageFrame title="Point of Sales">
      <Stack gap="md">
        {!network.online ? (
          <Alert
            color="yellow"
            icon={<IconWifiOff size={18} aria-hidden />}
            title={`Offline since ${formatDateTime(network.offlineSince!.toISOString(), zone)}`}
            role="status"
          >
            {offlineAllowed
              ? 'Cash and quick sales go on: they are kept on this device and sent when the network is back. Card and PayNow payments need the network.'
              : 'Offline selling is off on this device: sales wait until the network is back.'}
            {waiting.length > 0 ? ` ${waiting.length} ${waiting.length === 1 ? 'sale waits' : 'sales wait'} to be sent.` : ''}
          </Alert>
        ) : waiting.length > 0 ? (
          <Alert color="blue" title={`${waiting.length} ${waiting.length === 1 ? 'sale waits' : 'sales wait'} to be sent`} role="status">
            <Button size="compact-sm" variant="light" onClick={() => void sync()}>
              Send now
            </Button>
          </Alert>
        ) : null}
        {refused.length > 0 ? (
          <Alert color="red" title="Sales the server refused" role="alert">
            <List size="sm">
              {refused.map((s) => (
                <List.Item key={s.body.idempotency_key}>
                  {formatMoney(s.due, currency)} at {formatDateTime(s.queuedAt, zone)}: {s.refused}{' '}
                  <Button
                    size="compact-xs"
                    variant="subtle"
                    onClick={() => {
                      dismissSale(localStorage, businessId, s.body.idempotency_key);
                      refreshQueue();
                    }}
                  >
                    Dismiss
                  </Button>
                </List.Item>
              ))}
            </List>
          </Alert>
        ) : null}

        {!drawer ? (
          locations.isPending ? (
            <LoadingScreen />
          ) : (
            <OpenDrawerCard businessId={businessId} currency={currency} locations={activeLocations} locationId={chosenLocation} onLocation={chooseLocation} />
          )
        ) : (
          <>
            <DrawerBar businessId={businessId} drawer={drawer} zone={zone} onClosed={setClosedDrawer} />
            <Group gap="sm" wrap="wrap">
              <SegmentedControl
                aria-label="Register mode"
                value={mode}
                onChange={(v) => setMode(v as 'register' | 'quick')}
                data={[
                  { value: 'register', label: 'Register' },
                  { value: 'quick', label: 'Quick sale' },
                ]}
                w={{ base: '100%', xs: 320 }}
              />
              <OpenDrafts
                businessId={businessId}
                locationId={drawer.location.id}
                currency={currency}
                zone={zone}
                onOpen={(opened) => {
                  if (opened.kind === 'cart') setCart(opened.cart);
                  else setQuick(opened.value);
                  setMode(opened.kind === 'cart' ? 'register' : 'quick');
                }}
              />
            </Group>
            {openDraft ? (
              <Alert color="blue" title={`Paying draft order #${openDraft.number}`} role="status">
                <Group justify="space-between" gap="xs" wrap="wrap">
                  <Text size="sm">
                    The sale completes the draft. Setting it aside clears the {mode === 'register' ? 'cart' : 'amount'}; the draft stays open.
                  </Text>
                  <Button
                    size="compact-sm"
                    variant="light"
                    onClick={() => (mode === 'register' ? setCart(EMPTY_CART) : setQuick({ amount: 0, description: '' }))}
                  >
                    Set the draft aside
                  </Button>
                </Group>
              </Alert>
            ) : null}
            {mode === 'register' ? (
              <div className={classes.layout}>
                <ProductPicker
                  businessId={businessId}
                  locationId={drawer.location.id}
                  onAdd={(line) => setCart((c) => addLine(c, line, crypto.randomUUID()))}
                />
                <CartPanel
                  businessId={businessId}
                  currency={currency}
                  cart={cart}
                  totals={totals}
                  orderForm={orderForm}
                  onChange={setCart}
                  onCharge={() => setTendering({ due: totals.due, dueByCard: cartTotals(currency, cart, { context: pricingContext, card: true }).due })}
                  onSave={() => setSavingCart(true)}
                  charging={paying}
                />
              </div>
            ) : (
              <Group align="flex-start">
                <QuickSale
                  currency={currency}
                  value={quick}
                  onChange={setQuick}
                  onCharge={() => setTendering({ due: quick.amount, dueByCard: quick.amount })}
                />
                <Text size="sm" c="dimmed" maw={360}>
                  A quick sale records an amount with a description, for something not in your products.
                </Text>
              </Group>
            )}
          </>
        )}
        {device && canChange(business, 'pos:manage') ? <DeviceAllowance businessId={businessId} device={device} zone={zone} /> : null}
      </Stack>
      {tendering ? (
        <TenderDialog
          currency={currency}
          due={tendering.due}
          dueByCard={tendering.dueByCard}
          online={network.online}
          offlineAllowed={offlineAllowed}
          card={card}
          qr={{ businessId, testMode: business.test_mode }}
          onClose={() => setTendering(null)}
          onPay={(tenders) => void pay(tenders)}
          paying={paying}
        />
      ) : null}
      {savingCart ? (
        <SaveCartDialog cart={cart} online={network.online} saving={saveCart.isPending} error={saveCart.error} onClose={closeSave} onSave={save} />
      ) : null}
      {closedDrawer ? <DrawerClosedDialog closed={closedDrawer} onClose={() => setClosedDrawer(null)} /> : null}
      {receipt ? (
        <ReceiptDialog
          order={receipt}
          businessId={businessId}
          businessName={business.name}
          zone={zone}
          header={location?.receipt_header ?? null}
          footer={location?.receipt_footer ?? null}
          onClose={() => setReceipt(null)}
        />
      ) : null}
    </PageFrame>
  );
}
