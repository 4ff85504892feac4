import { Button } from '@mantine/core';
import { IconHourglass } from '@tabler/icons-react';
import { Link, useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { SECTION_OPTIONS, href, type PlannedRoute } from '../route-table';
import { COMING_SOON } from './coming-soon';

/** A screen that is not open yet: the real frame, its title, and what it will let the merchant do. No stand-in data. */
export function PlannedScreen({ route }: { route: PlannedRoute }) {
  const { business_id } = useParams();
  const section = SECTION_OPTIONS.find((o) => o.value === route.section);
  const back = section && business_id && section.landing !== route.id ? href(section.landing, { business_id }) : null;
  return (
    <PageFrame title={route.title}>
      <EmptyState
        icon={<IconHourglass size={26} />}
        title="Coming soon"
        description={COMING_SOON[route.capability]}
        action={
          back && section ? (
            <Button component={Link} to={back} variant="light">
              Back to {section.label}
            </Button>
          ) : null
        }
      />
    </PageFrame>
  );
}
