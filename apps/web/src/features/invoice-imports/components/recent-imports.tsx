import { Anchor, Paper, Stack, Table, Title } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
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
        <Table.ScrollContainer minWidth={560}>
          <Table striped aria-label="Earlier uploads">
            <Table.Thead>
              <Table.Tr>
                <Table.Th scope="col">File</Table.Th>
                <Table.Th scope="col">Uploaded</Table.Th>
                <Table.Th scope="col">Status</Table.Th>
                <Table.Th scope="col">Rows</Table.Th>
                <Table.Th scope="col">Created</Table.Th>
              </Table.Tr>
            </Table.Thead>
            <Table.Tbody>
              {list.map((item) => (
                <Table.Tr key={item.id}>
                  <Table.Td style={{ overflowWrap: 'anywhere' }}>
                    <Anchor component={Link} to={{ search: `?import=${item.id}` }}>
                      {item.file_name}
                    </Anchor>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>
                    <time dateTime={item.created_at}>{uploadedAt(item.created_at)}</time>
                  </Table.Td>
                  <Table.Td>
                    <StatusBadge kind="invoiceImport" status={item.status} />
                  </Table.Td>
                  <Table.Td>{formatNumber(item.counts.rows, 0)}</Table.Td>
                  <Table.Td>{formatNumber(item.counts.created, 0)}</Table.Td>
                </Table.Tr>
              ))}
            </Table.Tbody>
          </Table>
        </Table.ScrollContainer>
        <LoadMore query={imports} count={list.length} noun={['upload', 'uploads']} />
      </Stack>
    </Paper>
  );
}
