import { Anchor, Container, Skeleton, Table, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { href } from '@/app/route-table';
import { EmptyState } from '@/components/empty-state';
import { countryLabel } from '@/components/onboarding-summary';
import { formatLocalDateTime as formatDateTime } from '@/lib/format';
import { PageFrame } from '@/components/page-frame';
import { verificationQueueQuery } from '@/features/verification-admin/api/verification-admin-api';
import { QueryStatus } from '@/components/query-status';

export function Component() {
  const queue = useQuery(verificationQueueQuery);
  return (
    <Container size="lg" px="md" py={{ base: 'lg', sm: 'xl' }}>
      <PageFrame title="Verification queue" description="Businesses that submitted their questionnaire, oldest first.">
        <QueryStatus query={queue} loadingLabel="Loading the queue" loading={<Skeleton height={160} />} />
        {queue.isSuccess && queue.data.length === 0 && (
          <EmptyState icon={<IconChecklist size={24} />} title="Nothing to review" description="No business is waiting for verification right now." />
        )}
        {queue.isSuccess && queue.data.length > 0 && (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover verticalSpacing="sm">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th scope="col">Business</Table.Th>
                  <Table.Th scope="col">Country</Table.Th>
                  <Table.Th scope="col">Owner</Table.Th>
                  <Table.Th scope="col">Submitted</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {queue.data.map((item) => (
                  <Table.Tr key={item.business_id}>
                    <Table.Td>
                      <Anchor component={Link} to={href('admin.business', { business_id: item.business_id })} fw={600}>
                        {item.name}
                      </Anchor>
                    </Table.Td>
                    <Table.Td>{countryLabel(item.country)}</Table.Td>
                    <Table.Td>
                      <Text size="sm">{item.owner_name ?? 'No owner'}</Text>
                      {item.owner_email && (
                        <Text size="xs" c="dimmed">
                          {item.owner_email}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>{item.submitted_at ? formatDateTime(item.submitted_at) : 'Unknown'}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </PageFrame>
    </Container>
  );
}
