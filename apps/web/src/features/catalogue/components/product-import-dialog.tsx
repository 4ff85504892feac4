import { useEffect, useRef, useState } from 'react';
import { Alert, Anchor, Button, Group, Modal, Stack, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAlertTriangle, IconCircleCheck, IconDownload, IconFileImport } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatNumber } from '@merchant/core';
import {
  MAX_PRODUCT_IMPORT_BYTES,
  MAX_PRODUCT_IMPORT_ROWS,
  MAX_PRODUCT_IMPORT_SIZE_LABEL,
  PRODUCT_IMPORT_COLUMN_INFO,
  type ProductImport,
  type ProductImportRow,
} from '@merchant/catalogue';
import { CsvFileInput } from '@/components/csv-file-input';
import { DataList } from '@/components/data-list';
import { LabelledProgress } from '@/components/labelled-progress';
import { ImportRowsTable, RowProblems } from '@/components/import-rows';
import { wrapPoints } from '@/components/long-text';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { notifyError } from '@/lib/notify';
import {
  productImportQuery,
  productImportRowsQuery,
  productReportHref,
  productTemplateHref,
  useConfirmProductImport,
  useRefreshAfterProductImport,
  useUploadProducts,
} from '../api/product-imports-api';

const plural = (n: number, one: string, many: string) => `${formatNumber(n, 0)} ${n === 1 ? one : many}`;
const isBad = (row: ProductImportRow) => row.state === 'refused' || row.state === 'failed';

/** The first step: what the file holds, the template, and the file. */
function UploadStep({ businessId, onUploaded }: { businessId: string; onUploaded: (imported: ProductImport) => void }) {
  const upload = useUploadProducts(businessId);
  return (
    <Stack gap="sm">
      <Text size="sm">
        One row per product (or per variant of a product with options), matched by its SKU: a SKU you have updates that product, a new SKU adds one. A blank
        cell keeps what the product has. Export the list to get a file in this form.
      </Text>
      <DataList
        label="Columns of the file"
        rows={PRODUCT_IMPORT_COLUMN_INFO}
        rowKey={(c) => c.column}
        minWidth={520}
        columns={[
          {
            header: 'Column',
            card: 'title',
            nowrap: true,
            cell: (c) => (
              <Text size="sm" ff="monospace" span>
                {c.column}
              </Text>
            ),
          },
          { header: 'What it holds', card: 'secondary', cell: (c) => c.help },
        ]}
      />
      <Text size="sm" c="dimmed">
        Stock: a column named “stock: ” and a location’s name sets the units on hand there (for products that track stock).
      </Text>
      <Group>
        <Button component="a" href={productTemplateHref(businessId)} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          Download template
        </Button>
      </Group>
      <CsvFileInput
        upload={upload}
        onUploaded={onUploaded}
        maxBytes={MAX_PRODUCT_IMPORT_BYTES}
        sizeLabel={MAX_PRODUCT_IMPORT_SIZE_LABEL}
        description={`Up to ${MAX_PRODUCT_IMPORT_SIZE_LABEL} and ${formatNumber(MAX_PRODUCT_IMPORT_ROWS, 0)} rows. Nothing changes before you confirm.`}
      />
    </Stack>
  );
}

/** Every row in file order: what it does, or why it is refused. */
function RowsList({ businessId, imported }: { businessId: string; imported: ProductImport }) {
  const rows = useInfiniteQuery(productImportRowsQuery(businessId, imported.id));
  return (
    <ImportRowsTable
      rows={rows}
      flagged={isBad}
      minWidth={640}
      columns={[
        { header: 'Row', card: 'title', rowHeader: true, cell: (row) => row.row },
        { header: 'SKU', card: 'secondary', cell: (row) => wrapPoints(row.sku) },
        { header: 'Name', card: 'secondary', cell: (row) => row.name ?? '' },
        { header: 'Outcome', card: 'status', nowrap: true, cell: (row) => <StatusBadge kind="productImportRow" status={row.state} /> },
        { header: 'Reasons', card: 'actions', cell: (row) => <RowProblems problems={row.problems} /> },
      ]}
    />
  );
}

/** The preview, the confirm, the progress while the job applies the rows, and the result with its report. */
function ReviewStep({ businessId, imported, onAnother }: { businessId: string; imported: ProductImport; onAnother: () => void }) {
  const confirm = useConfirmProductImport(businessId, imported.id);
  const refresh = useRefreshAfterProductImport(businessId, imported.id);
  const { counts, status } = imported;
  const toApply = counts.create + counts.update;
  const finished = counts.done + counts.failed;
  const seen = useRef(status);
  useEffect(() => {
    if (seen.current !== 'completed' && status === 'completed') void refresh();
    seen.current = status;
  }, [status, refresh]);

  return (
    <Stack gap="sm">
      <Text size="sm">
        <Text span fw={500} style={{ wordBreak: 'break-word' }}>
          {wrapPoints(imported.file_name)}
        </Text>
        {`: ${plural(counts.rows, 'row', 'rows')}: ${formatNumber(counts.create, 0)} to add, ${formatNumber(counts.update, 0)} to update, ${formatNumber(counts.refused, 0)} refused.`}
      </Text>
      {status === 'validated' && counts.refused > 0 ? (
        <Alert color="yellow" icon={<IconAlertTriangle aria-hidden />} title={`${plural(counts.refused, 'row is', 'rows are')} refused`}>
          {toApply > 0
            ? 'They are listed below with why and will not be imported; the other rows will. Fix them in the file and upload them again.'
            : 'No row can be imported: fix the file and upload it again.'}
        </Alert>
      ) : null}
      {status === 'confirmed' ? (
        <Stack gap={4}>
          <LabelledProgress value={toApply === 0 ? 100 : (finished / toApply) * 100} label="Rows imported" size="lg" animated />
          <Text size="sm" aria-live="polite">{`${formatNumber(finished, 0)} of ${formatNumber(toApply, 0)} rows done`}</Text>
        </Stack>
      ) : null}
      {status === 'completed' ? (
        <Alert color="green" icon={<IconCircleCheck aria-hidden />} title={`Imported ${plural(counts.done, 'product', 'products')}`} role="status">
          {counts.refused + counts.failed > 0
            ? `${plural(counts.refused + counts.failed, 'row was', 'rows were')} not imported: the report says why.`
            : 'Every row was imported.'}
        </Alert>
      ) : null}
      <Group gap="xs">
        {status === 'validated' && toApply > 0 ? (
          <Button
            onClick={() => confirm.mutate(undefined, { onError: notifyError })}
            loading={confirm.isPending}
            leftSection={<IconFileImport size={16} aria-hidden />}
          >
            {`Import ${plural(toApply, 'row', 'rows')}`}
          </Button>
        ) : null}
        <Button component="a" href={productReportHref(businessId, imported.id)} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
          Download report (CSV)
        </Button>
        {status !== 'confirmed' ? (
          <Anchor component="button" type="button" size="sm" onClick={onAnother}>
            Upload another file
          </Anchor>
        ) : null}
      </Group>
      <RowsList businessId={businessId} imported={imported} />
    </Stack>
  );
}

/** Products from a CSV: upload, preview, confirm, progress and report, in one dialog over the products list. */
export function ProductImportDialog({ businessId, opened, onClose }: { businessId: string; opened: boolean; onClose: () => void }) {
  const phone = useMediaQuery('(max-width: 47.99em)');
  const [importId, setImportId] = useState<string | null>(null);
  const imported = useQuery({ ...productImportQuery(businessId, importId ?? ''), enabled: importId !== null });
  const close = () => {
    onClose();
    if (imported.data?.status !== 'confirmed') setImportId(null);
  };
  return (
    <Modal opened={opened} onClose={close} title="Import products" size="xl" fullScreen={phone}>
      {importId === null ? (
        <UploadStep
          businessId={businessId}
          onUploaded={(answer) => {
            setImportId(answer.id);
          }}
        />
      ) : imported.data ? (
        <ReviewStep businessId={businessId} imported={imported.data} onAnother={() => setImportId(null)} />
      ) : (
        <QueryStatus query={imported} loadingLabel="Loading the import" />
      )}
    </Modal>
  );
}
