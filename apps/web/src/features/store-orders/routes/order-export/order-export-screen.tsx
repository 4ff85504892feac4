import { useState } from 'react';
import { Alert, Button, Checkbox, Group, Paper, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { Link, useParams, useSearchParams } from 'react-router';
import {
  STORE_FULFILMENT_LABELS,
  STORE_FULFILMENT_STATUSES,
  STORE_ORDER_EXPORT_COLUMN_LABELS,
  STORE_ORDER_EXPORT_COLUMNS,
  STORE_ORDER_STATUS_LABELS,
  STORE_ORDER_STATUSES,
  STORE_ORDERS_EXPORT_ROW_LIMIT,
  StoreOrdersExportQuerySchema,
  type StoreOrderExportColumn,
} from '@merchant/catalogue';
import { formatNumber } from '@merchant/core';
import { href } from '@/app/route-table';
import { DateField } from '@/components/date-field';
import { PageFrame } from '@/components/page-frame';
import { storeOrdersExportHref } from '@/features/store-orders/api/store-orders-api';

const options = <T extends string>(values: readonly T[], labels: Record<T, string>) => values.map((value) => ({ value, label: labels[value] }));
const oneOf = <T extends string>(values: readonly T[], value: string | null): T | null =>
  value && (values as readonly string[]).includes(value) ? (value as T) : null;

/**
 * The orders export (spec 2, online-store orders export): the list's filters (carried over from the list), a period of
 * the business's days and the columns, then the CSV of the store orders API.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const [search] = useSearchParams();
  const [q, setQ] = useState(search.get('q') ?? '');
  const [status, setStatus] = useState(oneOf(STORE_ORDER_STATUSES, search.get('status')));
  const [fulfilment, setFulfilment] = useState(oneOf(STORE_FULFILMENT_STATUSES, search.get('fulfilment')));
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  const [columns, setColumns] = useState<StoreOrderExportColumn[]>([...STORE_ORDER_EXPORT_COLUMNS]);

  const query = {
    ...(q.trim() ? { q: q.trim() } : {}),
    ...(status ? { status } : {}),
    ...(fulfilment ? { fulfilment } : {}),
    ...(from ? { from } : {}),
    ...(to ? { to } : {}),
    ...(columns.length < STORE_ORDER_EXPORT_COLUMNS.length ? { columns: columns.join(',') } : {}),
  };
  const parsed = StoreOrdersExportQuerySchema.safeParse(query);
  const issue = (key: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === key)?.message);
  const noColumns = columns.length === 0;
  const ready = parsed.success && !noColumns;

  return (
    <PageFrame
      title="Export orders"
      description={`Download the online store's orders as a CSV file for a spreadsheet: newest first, amounts in major units, at most ${formatNumber(STORE_ORDERS_EXPORT_ROW_LIMIT)} orders.`}
    >
      <Stack gap="md" maw={860}>
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="export-filters">
          <Stack gap="md">
            <Title order={2} size="h4" id="export-filters">
              Orders
            </Title>
            <TextInput
              label="Search"
              description="Order reference, customer name or email"
              value={q}
              onChange={(e) => setQ(e.currentTarget.value)}
              error={issue('q')}
              autoComplete="off"
            />
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
              <Select
                label="Payment status"
                placeholder="Any status"
                data={options(STORE_ORDER_STATUSES, STORE_ORDER_STATUS_LABELS)}
                value={status}
                onChange={(v) => setStatus(oneOf(STORE_ORDER_STATUSES, v))}
                clearable
              />
              <Select
                label="Fulfilment"
                placeholder="Any fulfilment"
                data={options(STORE_FULFILMENT_STATUSES, STORE_FULFILMENT_LABELS)}
                value={fulfilment}
                onChange={(v) => setFulfilment(oneOf(STORE_FULFILMENT_STATUSES, v))}
                clearable
              />
              <DateField label="Placed from" description="Leave empty for the first order" value={from} onChange={setFrom} error={issue('from')} />
              <DateField label="Placed until" description="Leave empty for today" value={to} onChange={setTo} error={issue('to')} />
            </SimpleGrid>
          </Stack>
        </Paper>

        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="export-columns">
          <Stack gap="sm">
            <Group justify="space-between" gap="sm">
              <Title order={2} size="h4" id="export-columns">
                Columns
              </Title>
              <Group gap="xs">
                <Button variant="subtle" size="xs" onClick={() => setColumns([...STORE_ORDER_EXPORT_COLUMNS])}>
                  Select all
                </Button>
                <Button variant="subtle" size="xs" onClick={() => setColumns([])}>
                  Clear all
                </Button>
              </Group>
            </Group>
            <Checkbox.Group
              label="Columns in the file"
              value={columns}
              onChange={(v) => setColumns(STORE_ORDER_EXPORT_COLUMNS.filter((c) => v.includes(c)))}
              error={noColumns ? 'Choose at least one column' : undefined}
            >
              <SimpleGrid cols={{ base: 2, sm: 3 }} spacing="xs" mt="xs">
                {STORE_ORDER_EXPORT_COLUMNS.map((c) => (
                  <Checkbox key={c} value={c} label={STORE_ORDER_EXPORT_COLUMN_LABELS[c]} />
                ))}
              </SimpleGrid>
            </Checkbox.Group>
          </Stack>
        </Paper>

        {ready ? null : (
          <Alert color="yellow" title="Not ready to download">
            {noColumns ? 'Choose at least one column.' : 'Check the period: its end is before its start.'}
          </Alert>
        )}
        <Group gap="sm">
          {ready ? (
            <Button component="a" href={storeOrdersExportHref(businessId, query)} download leftSection={<IconDownload size={16} aria-hidden />}>
              Download CSV
            </Button>
          ) : (
            <Button disabled leftSection={<IconDownload size={16} aria-hidden />}>
              Download CSV
            </Button>
          )}
          <Button variant="default" component={Link} to={href('online-store.orders', { business_id: businessId })}>
            Back to orders
          </Button>
        </Group>
        <Text size="xs" c="dimmed">
          Days are your business&apos;s days; the file names each order&apos;s time in UTC.
        </Text>
      </Stack>
    </PageFrame>
  );
}
