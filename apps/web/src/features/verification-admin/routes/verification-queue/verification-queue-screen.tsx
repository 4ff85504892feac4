import { Container, Skeleton, Text } from '@mantine/core';
import { IconChecklist } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
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
          <DataList
            label="Businesses waiting for verification"
            rows={queue.data}
            rowKey={(item) => item.business_id}
            rowHref={(item) => href('admin.business', { business_id: item.business_id })}
            minWidth={560}
            columns={[
              { header: 'Business', card: 'title', cell: (item) => item.name },
              { header: 'Country', card: 'secondary', cell: (item) => countryLabel(item.country) },
              {
                header: 'Owner',
                cell: (item) => (
                  <>
                    <Text size="sm" span>
                      {item.owner_name ?? 'No owner'}
                    </Text>
                    {item.owner_email && (
                      <Text size="xs" c="dimmed">
                        {item.owner_email}
                      </Text>
                    )}
                  </>
                ),
              },
              { header: 'Submitted', nowrap: true, cell: (item) => (item.submitted_at ? formatDateTime(item.submitted_at) : 'Unknown') },
            ]}
          />
        )}
      </PageFrame>
    </Container>
  );
}
