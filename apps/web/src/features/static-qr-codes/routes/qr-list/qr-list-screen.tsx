import { Anchor, Badge, Button, Paper, Select, SimpleGrid, Stack, Table, Text, TextInput } from '@mantine/core';
import { IconPlus, IconQrcode, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useDeferredValue, useState } from 'react';
import { Link, useParams } from 'react-router';
import { useUrlParams } from '@/lib/use-url-params';
import { formatMoneyWithCode } from '@merchant/core';
import { STATIC_QR_STATUSES, STATIC_QR_STATUS_LABELS, StaticQrStatusSchema } from '@merchant/payments';
import { href } from '@/app/route-table';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { useBusiness } from '@/lib/session';
import { qrListQuery } from '@/features/static-qr-codes/api/static-qr-api';

const STATUS_OPTIONS = STATIC_QR_STATUSES.map((s) => ({ value: s, label: STATIC_QR_STATUS_LABELS[s] }));

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const { params, set: setParam, clear: clearParams } = useUrlParams();
  const [search, setSearch] = useState(params.get('search') ?? '');
  const deferredSearch = useDeferredValue(search.trim());
  const status = StaticQrStatusSchema.safeParse(params.get('status')).data;
  const codes = useInfiniteQuery(qrListQuery(businessId, { search: deferredSearch || undefined, status }));
  const rows = codes.data?.pages.flatMap((p) => p.data) ?? [];
  const filtered = deferredSearch !== '' || status !== undefined;
  const canCreate = business.data?.permissions.includes('payments:create') ?? false;
  const clear = () => {
    setSearch('');
    clearParams();
  };
  const create = canCreate ? (
    <Button component={Link} to={href('payments.static-qr-create', { business_id: businessId })} leftSection={<IconPlus size={16} aria-hidden />}>
      Create static QR code
    </Button>
  ) : undefined;

  return (
    <PageFrame
      title="Static QR codes"
      description="Print a code for a counter or a stall: customers scan it and pay on a secure checkout page."
      actions={create}
    >
      <Paper withBorder radius="md" p="md" component="section" aria-label="Filters">
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm">
          <TextInput
            label="Search"
            placeholder="Name or location"
            leftSection={<IconSearch size={16} aria-hidden />}
            value={search}
            onChange={(e) => {
              setSearch(e.currentTarget.value);
              setParam('search', e.currentTarget.value.trim() || null);
            }}
          />
          <Select label="Status" placeholder="All statuses" data={STATUS_OPTIONS} value={status ?? null} onChange={(v) => setParam('status', v)} clearable />
        </SimpleGrid>
      </Paper>
      <PagedTable
        query={codes}
        count={rows.length}
        loadingLabel="Loading static QR codes"
        empty={{
          icon: <IconQrcode aria-hidden />,
          title: filtered ? 'No QR codes match' : 'No static QR codes yet',
          description: filtered ? 'Try another search or status.' : 'Create a code with a fixed amount, or let customers type theirs.',
          action: filtered ? (
            <Button variant="default" onClick={clear}>
              Clear filters
            </Button>
          ) : (
            create
          ),
        }}
        label="Static QR codes"
        minWidth={560}
        noun={['QR code', 'QR codes']}
      >
        <Table.Thead>
          <Table.Tr>
            <Table.Th scope="col">Name</Table.Th>
            <Table.Th scope="col">Amount</Table.Th>
            <Table.Th scope="col">Status</Table.Th>
            <Table.Th scope="col">Paid</Table.Th>
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((qr) => (
            <Table.Tr key={qr.id}>
              <Table.Td>
                <Stack gap={2}>
                  <Anchor component={Link} to={href('payments.static-qr-detail', { business_id: businessId, static_qr_code_id: qr.id })} fw={500}>
                    {qr.name}
                  </Anchor>
                  {qr.location_label ? (
                    <Text size="xs" c="dimmed">
                      {qr.location_label}
                    </Text>
                  ) : null}
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{qr.amount === null ? 'Customer chooses' : formatMoneyWithCode(qr.amount, qr.currency)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={qr.status === 'active' ? 'green' : 'gray'}>
                  {STATIC_QR_STATUS_LABELS[qr.status]}
                </Badge>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>
                {qr.paid_count > 0 ? `${qr.paid_count} · ${formatMoneyWithCode(qr.paid_total, qr.currency)}` : '—'}
              </Table.Td>
            </Table.Tr>
          ))}
        </Table.Tbody>
      </PagedTable>
    </PageFrame>
  );
}
