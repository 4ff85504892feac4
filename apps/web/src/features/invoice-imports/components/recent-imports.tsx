import { Paper, Stack, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { DataList } from '@/components/data-list';
import { LoadMore } from '@/components/load-more';
import { invoiceImportsQuery } from '@/features/invoice-imports/api/invoice-imports-api';
import { StatusBadge } from '@/components/status-badge';
import { formatNumber } from '@merchant/core';
import { formatBusinessDateTime } from '@/lib/format';
import { useBusinessTimeZone } from '@/lib/session';

/** The business's earlier uploads, to come back to one (confirm it, follow it, read its result); nothing when there is none. */
export function RecentImports({ businessId }: { businessId: string }) {
  const imports = useInfiniteQuery(invoiceImportsQuery(businessId));
  const zone = useBusinessTimeZone(businessId);
  const uploadedAt = (iso: string) => formatBusinessDateTime(iso, zone);
  const list = imports.data?.pages.flatMap((p) => p.data) ?? [];
  if (list.length === 0) return null;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="recent-imports">
      <Stack gap="sm">
        <Title order={2} size="h4" id="recent-imports">
          Earlier uploads
        </Title>
        <DataList
          label="Earlier uploads"
          rows={list}
          rowKey={(item) => item.id}
          rowHref={(item) => `?import=${item.id}`}
          minWidth={560}
          columns={[
            { header: 'File', card: 'title', cell: (item) => item.file_name },
            { header: 'Uploaded', card: 'secondary', nowrap: true, cell: (item) => <time dateTime={item.created_at}>{uploadedAt(item.created_at)}</time> },
            { header: 'Status', card: 'status', nowrap: true, cell: (item) => <StatusBadge kind="invoiceImport" status={item.status} /> },
            { header: 'Rows', cell: (item) => formatNumber(item.counts.rows, 0) },
            { header: 'Created', cell: (item) => formatNumber(item.counts.created, 0) },
          ]}
        />
        <LoadMore query={imports} count={list.length} noun={['upload', 'uploads']} />
      </Stack>
    </Paper>
  );
}
