import { useState } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconDownload, IconSend } from '@tabler/icons-react';
import { addDays, formatDate, formatMoneyWithCode, localDate } from '@merchant/core';
import { ACCOUNTING_TOOL_LABELS, type AccountingTool, type ConnectionDetail, type Journal, type JournalCsvFormat } from '@merchant/payments';
import { DataList } from '@/components/data-list';
import { DateField } from '@/components/date-field';
import { StatusBadge } from '@/components/status-badge';
import { ApiError } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { journalsExportHref, useSyncDay } from '@/features/connections/api/connections-api';

const money = (j: Journal, amount: number) => formatMoneyWithCode(amount, j.currency);
const FORMAT_OPTIONS = [
  { value: 'xero', label: 'Xero manual journal' },
  { value: 'quickbooks', label: 'QuickBooks journal entries' },
];

/** The journals posted (newest first), a past day posted on request, and a range downloaded as an import CSV. */
export function JournalsSection({ businessId, tool, detail, zone }: { businessId: string; tool: AccountingTool; detail: ConnectionDetail; zone: string }) {
  const yesterday = addDays(localDate(Date.now(), zone), -1);
  const [from, setFrom] = useState(addDays(yesterday, -29));
  const [to, setTo] = useState(yesterday);
  const [format, setFormat] = useState<JournalCsvFormat>(tool);
  const [day, setDay] = useState(yesterday);
  const [dayError, setDayError] = useState<string | null>(null);
  const sync = useSyncDay(businessId, tool);
  const label = ACCOUNTING_TOOL_LABELS[tool];
  const rangeError = from && to && from > to ? 'The end date must not be before the start date' : null;
  const canPost = detail.status === 'connected' && detail.mapping !== null;

  const post = () => {
    setDayError(null);
    sync.mutate(day, {
      onSuccess: () => notifySuccess(`The journals of ${formatDate(day)} are posted to ${label}.`),
      onError: (error) => {
        const issue = error instanceof ApiError ? error.body?.issues?.find((i) => i.path === 'day') : undefined;
        if (issue) setDayError(issue.message);
        else notifyError(error);
      },
    });
  };

  return (
    <Stack gap="lg">
      {canPost ? (
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="post-day">
          <Stack gap="sm">
            <Title order={2} size="h4" id="post-day">
              Post a past day
            </Title>
            <Text size="sm" c="dimmed">
              Each day's journal is posted after midnight. Post a day before the connection here; a day already posted is not posted again.
            </Text>
            <Group align="flex-end" gap="sm">
              <DateField label="Day" value={day} onChange={setDay} error={dayError} maw={220} />
              <Button variant="default" leftSection={<IconSend size={16} aria-hidden />} onClick={post} loading={sync.isPending} disabled={!day}>
                Post journal
              </Button>
            </Group>
          </Stack>
        </Paper>
      ) : null}

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="journals-download">
        <Stack gap="sm">
          <Title order={2} size="h4" id="journals-download">
            Download journals
          </Title>
          <Text size="sm" c="dimmed">
            The journals of a range of days as a CSV file your accounting tool imports (amounts in each journal's currency).
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
            <DateField label="From" value={from} onChange={setFrom} />
            <DateField label="To" value={to} onChange={setTo} error={rangeError} />
            <Select label="File format" data={FORMAT_OPTIONS} value={format} onChange={(v) => v && setFormat(v as JournalCsvFormat)} allowDeselect={false} />
          </SimpleGrid>
          <Group>
            <Button
              component="a"
              href={from && to && !rangeError ? journalsExportHref(businessId, tool, { from, to, format }) : undefined}
              download
              variant="default"
              leftSection={<IconDownload size={16} aria-hidden />}
              data-disabled={!from || !to || rangeError ? true : undefined}
            >
              Download CSV
            </Button>
          </Group>
        </Stack>
      </Paper>

      <Stack gap="sm" component="section" aria-labelledby="journals">
        <Title order={2} size="h4" id="journals">
          Journals
        </Title>
        {detail.journals.length === 0 ? (
          <Text size="sm" c="dimmed">
            No journals yet. {canPost ? "Yesterday's is posted after midnight." : 'Connect and map the accounts to post them.'}
          </Text>
        ) : (
          <DataList
            label={`Journals posted to ${label}`}
            rows={detail.journals}
            rowKey={(j) => j.id}
            columns={[
              { header: 'Day', card: 'title', nowrap: true, cell: (j) => formatDate(j.day) },
              { header: 'Currency', nowrap: true, cell: (j) => j.currency.toUpperCase() },
              { header: 'Sales', align: 'right', nowrap: true, cell: (j) => money(j, j.totals.sales) },
              { header: 'Fees', align: 'right', nowrap: true, cell: (j) => money(j, j.totals.fees) },
              { header: 'Refunds', align: 'right', nowrap: true, cell: (j) => money(j, j.totals.refunds) },
              { header: 'Payouts', align: 'right', nowrap: true, cell: (j) => money(j, j.totals.payouts) },
              { header: 'Status', card: 'status', nowrap: true, cell: (j) => <StatusBadge kind="accountingJournal" status={j.status} /> },
              { header: 'Reference', card: 'secondary', cell: (j) => j.external_id ?? j.error ?? '' },
            ]}
          />
        )}
      </Stack>
    </Stack>
  );
}
