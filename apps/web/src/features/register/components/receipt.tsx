import { Button, Divider, Group, Modal, Stack, Text } from '@mantine/core';
import { IconPrinter } from '@tabler/icons-react';
import { formatDateTime, formatMoney } from '@merchant/core';
import { TENDER_LABELS, type Order } from '@merchant/catalogue';
import { MailReceipt } from '@/components/mail-receipt';
import classes from './register.module.css';

function Row({ label, value, strong }: { label: string; value: string; strong?: boolean }) {
  return (
    <Group justify="space-between" gap="xs" wrap="nowrap" align="flex-start">
      <Text inherit fw={strong ? 700 : undefined} style={{ overflowWrap: 'break-word' }}>
        {label}
      </Text>
      <Text inherit fw={strong ? 700 : undefined} style={{ whiteSpace: 'nowrap' }}>
        {value}
      </Text>
    </Group>
  );
}

/** A sale's receipt as the server recorded it: shown after the sale, printed on 80 mm paper by the print stylesheet. */
export function Receipt({
  order,
  businessName,
  zone,
  header,
  footer,
}: {
  order: Order;
  businessName: string;
  zone: string;
  header: string | null;
  footer: string | null;
}) {
  const money = (m: { amount: number; currency: string }) => formatMoney(m);
  return (
    <div className={classes.receipt} aria-label={`Receipt of order ${order.number}`} role="document">
      <Stack gap={4}>
        <Text inherit fw={700} ta="center">
          {businessName}
        </Text>
        <Text inherit ta="center">
          {order.location.name}
        </Text>
        {header ? (
          <Text inherit ta="center" style={{ whiteSpace: 'pre-line' }}>
            {header}
          </Text>
        ) : null}
        <Divider variant="dashed" />
        <Text inherit fw={700}>
          Order #{order.number}
        </Text>
        <Text inherit>{formatDateTime(order.created_at, zone)}</Text>
        <Text inherit>Served by {order.staff.name}</Text>
        {order.customer ? <Text inherit>Customer: {order.customer.name}</Text> : null}
        {order.table_number ? <Text inherit>Table {order.table_number}</Text> : null}
        <Divider variant="dashed" />
        {order.lines.map((l) => (
          <Stack key={l.id} gap={0}>
            <Row label={`${l.quantity} × ${l.name}`} value={money(l.gross)} />
            {l.add_ons.map((a, i) => (
              <Text key={i} inherit pl="md">
                + {a.name} {a.price.amount ? money(a.price) : ''}
              </Text>
            ))}
            {l.discount.amount > 0 ? <Row label="  Discount" value={`−${money(l.discount)}`} /> : null}
          </Stack>
        ))}
        <Divider variant="dashed" />
        <Row label="Subtotal" value={money(order.subtotal)} />
        {order.discount.amount > 0 ? <Row label="Discounts" value={`−${money(order.discount)}`} /> : null}
        {order.taxes.map((t) => (
          <Row key={t.id} label={`${t.name} ${t.rate / 100} %`} value={money(t.amount)} />
        ))}
        {order.tip.amount > 0 ? <Row label="Tip" value={money(order.tip)} /> : null}
        <Row label="Total" value={money(order.total)} strong />
        {order.order_tenders.map((t) => (
          <Stack key={t.id} gap={0}>
            <Row label={TENDER_LABELS[t.kind]} value={money(t.tendered ?? t.amount)} />
            {t.change && t.change.amount > 0 ? <Row label="Change" value={money(t.change)} /> : null}
          </Stack>
        ))}
        {order.note ? <Text inherit>Note: {order.note}</Text> : null}
        {footer ? (
          <>
            <Divider variant="dashed" />
            <Text inherit ta="center" style={{ whiteSpace: 'pre-line' }}>
              {footer}
            </Text>
          </>
        ) : null}
      </Stack>
    </div>
  );
}

/** The receipt after a sale, with Mail receipt, Print and New sale. */
export function ReceiptDialog(props: {
  order: Order;
  businessId: string;
  businessName: string;
  zone: string;
  header: string | null;
  footer: string | null;
  onClose: () => void;
}) {
  const { order, onClose } = props;
  const change = order.change.amount;
  return (
    <Modal opened onClose={onClose} title={`Order #${order.number} paid`} size="md">
      <Stack gap="md">
        {change > 0 ? (
          <Text size="xl" fw={700} role="status">
            Change due: {formatMoney(order.change)}
          </Text>
        ) : null}
        <Receipt {...props} />
        <div className={classes.noPrint}>
          <MailReceipt businessId={props.businessId} orderId={order.id} customerName={order.customer?.name ?? null} />
        </div>
        <Group justify="flex-end" gap="xs" className={classes.noPrint}>
          <Button variant="default" leftSection={<IconPrinter size={16} aria-hidden />} onClick={() => window.print()}>
            Print receipt
          </Button>
          <Button onClick={onClose} data-autofocus>
            New sale
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
