import { Alert, Button, Center, Loader, Stack, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { auditLogsQuery } from '@/features/user-settings/api/user-settings-api';
import { SettingsPage, SettingsSection } from '@/features/user-settings/components/settings-section';
import { describeAddress, describeUserAgent } from '@merchant/core';
import { formatLocalDateTime } from '@/lib/format';
import { DataList } from '@/components/data-list';
import { LoadMore } from '@/components/load-more';

export function Component() {
  const logs = useInfiniteQuery(auditLogsQuery);
  const entries = logs.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <SettingsPage title="Audit logs">
      <SettingsSection title="Security events" description="Sign-ins and changes to your account, newest first. Times are shown in your local time zone.">
        {logs.isPending && (
          <Center py="lg">
            <Loader size="sm" role="status" aria-label="Loading audit logs" />
          </Center>
        )}
        {logs.isError && entries.length === 0 && (
          <Alert color="red" variant="light" role="alert">
            The audit log could not be loaded.{' '}
            <Button variant="subtle" size="compact-sm" onClick={() => void logs.refetch()}>
              Try again
            </Button>
          </Alert>
        )}
        {logs.isSuccess && entries.length === 0 && <Text c="dimmed">No events recorded for your account yet.</Text>}
        {entries.length > 0 && (
          <Stack gap="md">
            <DataList
              label="Security events"
              rows={entries}
              rowKey={(entry) => entry.id}
              columns={[
                {
                  header: 'When',
                  card: 'secondary',
                  nowrap: true,
                  cell: (entry) => <time dateTime={entry.created_at}>{formatLocalDateTime(entry.created_at)}</time>,
                },
                { header: 'Action', card: 'title', cell: (entry) => entry.description },
                {
                  header: 'Where',
                  cell: (entry) => (
                    <Text span inherit title={entry.ip ?? undefined}>
                      {describeAddress(entry.ip)}
                    </Text>
                  ),
                },
                { header: 'Device', cell: (entry) => <span title={entry.user_agent ?? undefined}>{describeUserAgent(entry.user_agent)}</span> },
              ]}
            />
            <LoadMore query={logs} count={entries.length} noun={['event', 'events']} />
          </Stack>
        )}
      </SettingsSection>
    </SettingsPage>
  );
}
