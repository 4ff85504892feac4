import { useEffect, useRef } from 'react';
import { Alert, Anchor, Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileInvoice } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import type { InvoiceImport, InvoiceImportRow } from '@merchant/payments';
import { href } from '@/app/route-table';
import { ImportRowsTable, RowProblems } from '@/components/import-rows';
import { LabelledProgress } from '@/components/labelled-progress';
import { notifyError } from '@/lib/notify';
import { invoiceImportRowsQuery, problemsHref, useConfirmImport, useRefreshAfterImport } from '@/features/invoice-imports/api/invoice-imports-api';
import { StatusBadge } from '@/components/status-badge';
import { formatNumber } from '@merchant/core';
import { wrapPoints } from '@/components/long-text';

const plural = (n: number, one: string, many: string) => `${formatNumber(n, 0)} ${n === 1 ? one : many}`;

const isBad = (row: InvoiceImportRow) => row.state === 'invalid' || row.state === 'failed';

/** Every row of the import in file order: bad rows highlighted with why, created rows with their invoice. */
function RowsTable({ businessId, imported }: { businessId: string; imported: InvoiceImport }) {
  const rows = useInfiniteQuery(invoiceImportRowsQuery(businessId, imported.id));
  return (
    <ImportRowsTable
      rows={rows}
      flagged={isBad}
      minWidth={760}
      columns={[
        { header: 'Row', card: 'title', rowHeader: true, cell: (row) => row.row },
        { header: 'State', card: 'status', nowrap: true, cell: (row) => <StatusBadge kind="invoiceImportRow" status={row.state} /> },
        { header: 'Customer email', card: 'secondary', cell: (row) => row.cells.customer_email ?? '' },
        { header: 'Description', card: 'secondary', cell: (row) => row.cells.description ?? '' },
        { header: 'Total', card: 'amount', nowrap: true, cell: (row) => (row.total ? formatMoneyWithCode(row.total.amount, row.total.currency) : '—') },
        { header: 'Due date', nowrap: true, cell: (row) => row.cells.due_date ?? '' },
        {
          header: 'Invoice or problems',
          card: 'actions',
          cell: (row) =>
            row.invoice ? (
              <Anchor component={Link} to={href('payments.invoices-detail', { business_id: businessId, invoice: row.invoice.id })}>
                {row.invoice.number}
              </Anchor>
            ) : (
              <RowProblems problems={row.problems} />
            ),
        },
      ]}
    />
  );
}

/** How the file's headers were read, when any of them is not our column's own name (a feed file's export). */
function ColumnsRead({ columns }: { columns: InvoiceImport['columns'] }) {
  const renamed = columns.filter((c) => c.column !== null && c.header !== c.column);
  const ignored = columns.filter((c) => c.column === null);
  if (renamed.length === 0 && ignored.length === 0) return null;
  return (
    <Text size="sm" c="dimmed">
      {renamed.length > 0 ? `Columns read: ${renamed.map((c) => `${c.header} as ${c.column}`).join(', ')}.` : null}
      {renamed.length > 0 && ignored.length > 0 ? ' ' : null}
      {ignored.length > 0 ? `Ignored: ${ignored.map((c) => c.header || '(no header)').join(', ')}.` : null}
    </Text>
  );
}

/** The preview, the confirm, the progress while the job creates the invoices, and the result. */
export function ImportReview({
  businessId,
  imported,
  canCreate,
  onAnother,
}: {
  businessId: string;
  imported: InvoiceImport;
  canCreate: boolean;
  onAnother: () => void;
}) {
  const confirm = useConfirmImport(businessId, imported.id);
  const refresh = useRefreshAfterImport(businessId, imported.id);
  const { counts, status } = imported;
  const bad = counts.invalid + counts.failed;
  const done = counts.created + counts.failed;

  // When the job finishes while the screen watches, the rows show their invoices and the list is fresh.
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current !== 'completed' && status === 'completed') void refresh();
    seen.current = status;
  }, [status, refresh]);

  const problemsButton =
    bad > 0 ? (
      <Button component="a" href={problemsHref(businessId, imported.id)} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
        Download problems (CSV)
      </Button>
    ) : null;

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-summary">
        <Stack gap="sm">
          <Title order={2} size="h4" id="import-summary">
            {status === 'validated' ? 'Check the rows' : status === 'confirmed' ? 'Creating invoices' : 'Import finished'}
          </Title>
          <Text size="sm">
            <Text span fw={500} style={{ overflowWrap: 'break-word' }}>
              {wrapPoints(imported.file_name)}
            </Text>
            {`: ${plural(counts.rows, 'row', 'rows')}, ${formatNumber(counts.valid, 0)} ready, ${formatNumber(counts.invalid, 0)} with problems.`}
          </Text>
          <ColumnsRead columns={imported.columns} />
          {status === 'validated' && counts.invalid > 0 ? (
            <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={`${plural(counts.invalid, 'row has', 'rows have')} problems`}>
              {counts.valid > 0
                ? 'They are highlighted below with why. They will not be imported; the other rows will. Fix them in the file and upload them again later.'
                : 'No row can be created: fix the file and upload it again.'}
            </Alert>
          ) : null}
          {status === 'confirmed' ? (
            <Stack gap={4}>
              <LabelledProgress value={counts.valid === 0 ? 100 : (done / counts.valid) * 100} label="Invoices created" size="lg" animated />
              <Text size="sm" aria-live="polite">{`${formatNumber(done, 0)} of ${formatNumber(counts.valid, 0)} rows done`}</Text>
            </Stack>
          ) : null}
          {status === 'completed' ? (
            <Alert
              color="green"
              icon={<IconCircleCheck aria-hidden />}
              title={`Created ${plural(counts.created, 'draft invoice', 'draft invoices')}`}
              role="status"
            >
              {bad > 0
                ? `${plural(bad, 'row was', 'rows were')} not imported: download them with why, fix them and upload them again.`
                : 'Every row was imported.'}
            </Alert>
          ) : null}
          <Group gap="xs">
            {status === 'validated' && canCreate && counts.valid > 0 ? (
              <Button
                onClick={() => confirm.mutate(undefined, { onError: notifyError })}
                loading={confirm.isPending}
                leftSection={<IconFileInvoice size={16} aria-hidden />}
              >
                {`Create ${plural(counts.valid, 'invoice', 'invoices')}`}
              </Button>
            ) : null}
            {status === 'completed' ? (
              <Button component={Link} to={href('payments.invoices', { business_id: businessId })}>
                View invoices
              </Button>
            ) : null}
            {problemsButton}
            {status !== 'confirmed' ? (
              <Button variant="subtle" onClick={onAnother}>
                Upload another file
              </Button>
            ) : null}
          </Group>
        </Stack>
      </Paper>
      <RowsTable businessId={businessId} imported={imported} />
    </Stack>
  );
}
