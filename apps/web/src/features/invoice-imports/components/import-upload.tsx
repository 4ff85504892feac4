import { Button, Group, Paper, Stack, Text, Title } from '@mantine/core';
import { IconDownload } from '@tabler/icons-react';
import { IMPORT_COLUMNS, MAX_IMPORT_BYTES, MAX_IMPORT_ROWS, MAX_IMPORT_SIZE_LABEL, type InvoiceImport } from '@merchant/payments';
import { DataList } from '@/components/data-list';
import { CsvFileInput } from '@/components/csv-file-input';
import { templateHref, useUploadImport } from '@/features/invoice-imports/api/invoice-imports-api';
import { formatNumber } from '@merchant/core';

export type ImportPurpose = 'template' | 'feed';

/** The columns the file may have: what each holds, an example, and (for a feed file) the other names it is read from. */
function ColumnsTable({ purpose }: { purpose: ImportPurpose }) {
  return (
    <DataList
      label="Columns of the file"
      rows={IMPORT_COLUMNS}
      rowKey={(c) => c.column}
      minWidth={purpose === 'feed' ? 720 : 560}
      columns={[
        {
          header: 'Column',
          card: 'title',
          nowrap: true,
          cell: (c) => (
            <>
              <Text size="sm" ff="monospace" span>
                {c.column}
              </Text>
              {c.required ? (
                <Text size="xs" c="dimmed">
                  Required
                </Text>
              ) : null}
            </>
          ),
        },
        { header: 'What it holds', card: 'secondary', cell: (c) => c.help },
        { header: 'Example', nowrap: true, cell: (c) => c.example },
        ...(purpose === 'feed' ? [{ header: 'Also read from', cell: (c: (typeof IMPORT_COLUMNS)[number]) => c.aliases.join(', ') }] : []),
      ]}
    />
  );
}

/** The first step: the template (or the columns a feed file is read by) and the file to upload. */
export function ImportUpload({
  businessId,
  purpose,
  onUploaded,
}: {
  businessId: string;
  purpose: ImportPurpose;
  onUploaded: (imported: InvoiceImport, alreadyUploaded: boolean) => void;
}) {
  const upload = useUploadImport(businessId);

  return (
    <Stack gap="lg">
      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-columns">
        <Stack gap="sm">
          <Group justify="space-between" align="flex-start" gap="sm">
            <Stack gap={4} style={{ flex: '1 1 260px' }}>
              <Title order={2} size="h4" id="import-columns">
                {purpose === 'template' ? '1. Fill in the template' : '1. Check the columns'}
              </Title>
              <Text size="sm" c="dimmed">
                {purpose === 'template'
                  ? 'One row per invoice. Dates as YYYY-MM-DD, prices with a dot for decimals. Save it as CSV from your spreadsheet.'
                  : 'Columns are matched by their header, in any order and case; other columns are ignored. Dates must be YYYY-MM-DD.'}
              </Text>
            </Stack>
            <Button component="a" href={templateHref(businessId)} download variant="default" leftSection={<IconDownload size={16} aria-hidden />}>
              Download template
            </Button>
          </Group>
          <ColumnsTable purpose={purpose} />
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p="md" component="section" aria-labelledby="import-file">
        <Stack gap="sm">
          <Title order={2} size="h4" id="import-file">
            2. Upload the file
          </Title>
          <CsvFileInput
            upload={upload}
            onUploaded={(answer) => onUploaded(answer.import, answer.already_uploaded)}
            maxBytes={MAX_IMPORT_BYTES}
            sizeLabel={MAX_IMPORT_SIZE_LABEL}
            description={`Up to ${MAX_IMPORT_SIZE_LABEL} and ${formatNumber(MAX_IMPORT_ROWS, 0)} rows; separated by commas, semicolons or tabs. Nothing is created before you confirm.`}
          />
        </Stack>
      </Paper>
    </Stack>
  );
}
