import { Badge } from '@mantine/core';
import { IconShoppingCartX } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { formatMoneyWithCode } from '@merchant/core';
import type { AbandonedCart } from '@merchant/catalogue';
import { PagedTable } from '@/components/paged-table';
import { formatBusinessDateTime } from '@/lib/format';
import { abandonedCartsQuery } from '@/features/store-orders/api/store-orders-api';

const itemsOf = (cart: AbandonedCart) =>
  cart.items.length === 0 ? '—' : cart.items.map((i) => `${i.quantity} × ${i.name}${i.variant ? ` (${i.variant})` : ''}`).join(', ');

/**
 * Abandoned carts (docs/online-store.md, "Abandoned carts"): carts with the checkout's email left an hour without a
 * paid order, with their one recovery mail and whether they were recovered.
 */
export function AbandonedCarts({ businessId, zone }: { businessId: string; zone: string }) {
  const list = useInfiniteQuery(abandonedCartsQuery(businessId));
  const rows = list.data?.pages.flatMap((p) => p.data) ?? [];
  const when = (iso: string) => <time dateTime={iso}>{formatBusinessDateTime(iso, zone)}</time>;
  return (
    <PagedTable
      query={list}
      loadingLabel="Loading abandoned carts"
      empty={{
        icon: <IconShoppingCartX aria-hidden />,
        title: 'No abandoned carts',
        description: 'A cart whose customer gave an email at checkout and did not pay within an hour shows here.',
      }}
      label="Abandoned carts"
      rows={rows}
      rowKey={(c) => c.id}
      columns={[
        { header: 'Customer', card: 'title', cell: (c) => c.email },
        { header: 'Value', card: 'amount', nowrap: true, cell: (c) => formatMoneyWithCode(c.value.amount, c.value.currency) },
        { header: 'Items', cell: itemsOf },
        { header: 'Last activity', card: 'secondary', nowrap: true, cell: (c) => when(c.last_activity_at) },
        { header: 'Recovery mail', nowrap: true, cell: (c) => (c.recovery_mail_sent_at ? when(c.recovery_mail_sent_at) : 'Not sent') },
        {
          header: 'Recovered',
          card: 'status',
          nowrap: true,
          cell: (c) =>
            c.recovered ? (
              <Badge color="green" variant="light">
                Recovered{c.order_reference ? ` ${c.order_reference}` : ''}
              </Badge>
            ) : (
              <Badge color="gray" variant="light">
                Not recovered
              </Badge>
            ),
        },
      ]}
      noun={['abandoned cart', 'abandoned carts']}
    />
  );
}
