import { Alert, Button, Center, Loader, Stack, Table, Text } from '@mantine/core';
import { useInfiniteQuery } from '@tanstack/react-query';
import { auditLogsQuery } from '@/features/user-settings/api/user-settings-api';
import { SettingsPage, SettingsSection } from '@/features/user-settings/components/settings-section';
import { describeUserAgent, formatLocalDateTime } from '@/lib/format';
import { LoadMore } from '@/components/load-more';

export function Component() {
  const logs = useInfiniteQuery(auditLogsQuery);
  const entries = logs.data?.pages.flatMap((page) => page.data) ?? [];

  return (
    <SettingsPage title="Audit logs">
      <SettingsSection title="Security events" description="Sign-ins and changes to your account, newest first. Times are shown in your local time zone.">
        {logs.isPending && (
          <Center py="lg">
            <Loader size="sm" aria-label="Loading audit logs" />
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
            <Table.ScrollContainer minWidth={640}>
              <Table striped verticalSpacing="sm">
                <Table.Thead>
                  <Table.Tr>
                    <Table.Th scope="col">When</Table.Th>
                    <Table.Th scope="col">Action</Table.Th>
                    <Table.Th scope="col">IP address</Table.Th>
                    <Table.Th scope="col">Device</Table.Th>
                  </Table.Tr>
                </Table.Thead>
                <Table.Tbody>
                  {entries.map((entry) => (
                    <Table.Tr key={entry.id}>
                      <Table.Td style={{ whiteSpace: 'nowrap' }}>
                        <time dateTime={entry.created_at}>{formatLocalDateTime(entry.created_at)}</time>
                      </Table.Td>
                      <Table.Td>{entry.description}</Table.Td>
                      <Table.Td>{entry.ip ?? 'Unknown'}</Table.Td>
                      <Table.Td title={entry.user_agent ?? undefined}>{describeUserAgent(entry.user_agent)}</Table.Td>
                    </Table.Tr>
                  ))}
                </Table.Tbody>
              </Table>
            </Table.ScrollContainer>
            <LoadMore query={logs} count={entries.length} noun={['event', 'events']} />
          </Stack>
        )}
      </SettingsSection>
    </SettingsPage>
  );
}
