import { Alert, Anchor, Button, Group, Paper, Select, Stack, Text, Title } from '@mantine/core';
import { IconFileText, IconSettings } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { addDays, formatDate, formatMoneyWithCode } from '@merchant/core';
import type { MallRun } from '@merchant/pos';
import { href } from '@/app/route-table';
import { BusinessTime } from '@/components/business-time';
import { DateField } from '@/components/date-field';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { StatusBadge } from '@/components/status-badge';
import { businessToday } from '@/lib/format';
import { notifySuccess } from '@/lib/notify';
import { useBusinessTimeZone } from '@/lib/session';
import { integrationsQuery, runFileHref, runsQuery, useSendDay } from '@/features/mall-gto/api/mall-gto-api';

/** The run log (`settings/mall-gto/integrations`): every file built and sent, with its totals, its file and resend. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const zone = useBusinessTimeZone(businessId);
  const integrationId = search.get('integration') ?? undefined;
  const integrations = useQuery(integrationsQuery(businessId));
  const runs = useInfiniteQuery(runsQuery(businessId, integrationId));
  const send = useSendDay(businessId);
  const options = (integrations.data?.data ?? []).map((i) => ({ value: i.id, label: i.name }));
  const [chosen, setChosen] = useState<string | null>(null);
  const [day, setDay] = useState(() => addDays(businessToday(zone), -1));
  const [dayError, setDayError] = useState<string | undefined>();
  const sendTo = chosen ?? integrationId ?? options[0]?.value ?? null;
  const params = { business_id: businessId };

  const sendDay = (target: string, businessDate: string) =>
    send.mutate(
      { integrationId: target, businessDate },
      {
        onSuccess: (run) =>
          notifySuccess(
            run.status === 'succeeded'
              ? `The file of ${formatDate(run.business_date)} was sent to ${run.integration_name}.`
              : `The file of ${formatDate(run.business_date)} was not sent yet: it is retried in a minute.`,
          ),
      },
    );

  const submit = () => {
    setDayError(day ? undefined : 'Enter the day to send');
    if (!day) return;
    if (sendTo) sendDay(sendTo, day);
  };

  return (
    <PageFrame
      title="Mall run log"
      description="Each day's file, when it was sent and what it said. A failed upload is retried 3 times (after 1, 4 and 16 minutes) before the owners are mailed."
      actions={[{ label: 'Mall integrations', icon: <IconSettings size={16} aria-hidden />, to: href('pos.settings-mall-gto', params) }]}
    >
      <Stack gap="lg">
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="send-day">
          <Stack gap="sm">
            <Title order={2} size="h4" id="send-day">
              Send a day
            </Title>
            {options.length === 0 && integrations.isSuccess ? (
              <Text c="dimmed">Set up a mall first.</Text>
            ) : (
              <Group align="flex-end" gap="sm" wrap="wrap">
                <Select label="Mall" data={options} value={sendTo} onChange={setChosen} allowDeselect={false} w={{ base: '100%', sm: 260 }} />
                <DateField label="Day" value={day} onChange={setDay} error={dayError} w={{ base: '100%', sm: 200 }} />
                <Button onClick={submit} loading={send.isPending} disabled={!sendTo}>
                  Send day
                </Button>
              </Group>
            )}
            {send.data && send.data.status !== 'succeeded' ? (
              <Alert color="yellow" role="status" title="Not sent yet">
                {send.data.error}
              </Alert>
            ) : null}
          </Stack>
        </Paper>
        <Stack gap="sm" component="section" aria-labelledby="runs-heading">
          <Group justify="space-between" align="flex-end">
            <Title order={2} size="h4" id="runs-heading">
              Runs
            </Title>
            <Select
              label="Show"
              data={[{ value: '', label: 'Every mall' }, ...options]}
              value={integrationId ?? ''}
              onChange={(v) => setSearch(v ? { integration: v } : {}, { replace: true })}
              allowDeselect={false}
              w={{ base: '100%', sm: 240 }}
            />
          </Group>
          <PagedTable
            query={runs}
            loadingLabel="Loading runs"
            empty={{
              icon: <IconFileText aria-hidden />,
              title: 'No runs yet',
              description: 'The first file is sent after midnight, or send a day above.',
              headingOrder: 3,
            }}
            label="Runs"
            rows={runs.data?.pages.flatMap((p) => p.data) ?? []}
            rowKey={(r) => r.id}
            columns={[
              { header: 'Day', card: 'title', nowrap: true, cell: (r) => formatDate(r.business_date) },
              { header: 'Mall', card: 'secondary', cell: (r) => r.integration_name },
              {
                header: 'Net sales',
                card: 'amount',
                align: 'right',
                nowrap: true,
                cell: (r) => (r.totals ? formatMoneyWithCode(r.totals.net.amount, r.totals.net.currency) : '—'),
              },
              { header: 'Orders', align: 'right', cell: (r) => (r.totals ? String(r.totals.order_count) : '—') },
              { header: 'Status', card: 'status', nowrap: true, cell: (r) => <StatusBadge kind="mallRun" status={r.status} /> },
              { header: 'Sent by', cell: (r) => (r.trigger === 'schedule' ? 'Schedule' : 'Resend') },
              { header: 'Attempts', align: 'right', cell: (r) => String(r.attempts) },
              { header: 'Finished', nowrap: true, cell: (r) => (r.finished_at ? <BusinessTime at={r.finished_at} /> : '—') },
              { header: 'Error', hideWhenEmpty: true, cell: (r) => r.error ?? '—' },
              {
                header: 'Actions',
                card: 'actions',
                nowrap: true,
                cell: (r) => <RunActions run={r} businessId={businessId} onResend={sendDay} busy={send.isPending} />,
              },
            ]}
            noun={['run', 'runs']}
          />
        </Stack>
      </Stack>
    </PageFrame>
  );
}

function RunActions({
  run,
  businessId,
  onResend,
  busy,
}: {
  run: MallRun;
  businessId: string;
  onResend: (integrationId: string, day: string) => void;
  busy: boolean;
}) {
  const day = formatDate(run.business_date);
  return (
    <Group gap="xs" wrap="nowrap">
      {run.file_name ? (
        <Anchor
          href={runFileHref(businessId, run.id)}
          download={run.file_name}
          size="sm"
          aria-label={`Download the file of ${day} for ${run.integration_name}`}
        >
          Download
        </Anchor>
      ) : null}
      <Button
        size="xs"
        variant="default"
        disabled={busy}
        onClick={() => onResend(run.integration_id, run.business_date)}
        aria-label={`Resend ${day} to ${run.integration_name}`}
      >
        Resend
      </Button>
    </Group>
  );
}
