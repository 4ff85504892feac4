import { Badge, Button, Card, Container, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { BusinessSummary } from '@merchant/business';
import { IconBuildingStore, IconChecklist, IconChevronRight, IconPlus } from '@tabler/icons-react';
import { Link } from 'react-router';
import { href } from '@/app/route-table';
import { useSignedInUser } from '@/lib/session';
import { businessLanding } from '@/app/guards';
import { ONBOARDING_STATUS_BADGE } from '@/features/auth/components/onboarding-status-badge';
import { countryName } from '@/features/auth/components/country-options';
import classes from './choose-business.module.css';
import { wrapPoints } from '@/components/long-text';

export function Component() {
  const user = useSignedInUser();
  const owned = user.businesses.owned;
  const ownedIds = new Set(owned.map((b) => b.id));
  const member = user.businesses.member.filter((b) => !ownedIds.has(b.id));
  const none = owned.length === 0 && member.length === 0;

  return (
    <Container size="md" px="md" py={{ base: 'lg', sm: 48 }}>
      <Stack gap="xl">
        <Group justify="space-between" align="flex-end" gap="sm">
          <Stack gap={4}>
            <Title order={1} size="h2">
              Choose a business
            </Title>
            <Text c="dimmed" size="sm">
              Signed in as {user.email}
            </Text>
          </Stack>
          <Button component={Link} to={href('auth.register-authenticated')} variant="light" leftSection={<IconPlus size={16} aria-hidden />}>
            Create another business
          </Button>
        </Group>

        {user.is_super_admin && (
          <Card component={Link} to={href('admin.verifications')} withBorder radius="md" padding="lg" className={classes.card}>
            <Group wrap="nowrap" gap="md">
              <IconChecklist size={28} aria-hidden stroke={1.5} />
              <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
                <Text fw={600} size="lg">
                  Verification queue
                </Text>
                <Text size="sm" c="dimmed">
                  Super admin: review businesses waiting for verification
                </Text>
              </Stack>
              <IconChevronRight size={20} aria-hidden className={classes.chevron} />
            </Group>
          </Card>
        )}
        {none && !user.is_super_admin && (
          <Text>You are not part of any business yet. Create one, or ask a business owner to invite you with {user.email}.</Text>
        )}
        {owned.length > 0 && <BusinessGroup title="Your businesses" businesses={owned} />}
        {member.length > 0 && <BusinessGroup title="Businesses you are a member of" businesses={member} />}
      </Stack>
    </Container>
  );
}

function BusinessGroup({ title, businesses }: { title: string; businesses: BusinessSummary[] }) {
  return (
    <Stack gap="sm" component="section" aria-label={title}>
      <Title order={2} size="h4">
        {title}
      </Title>
      <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md" component="ul" p={0} m={0} style={{ listStyle: 'none' }}>
        {businesses.map((business) => (
          <li key={business.id}>
            <BusinessCard business={business} />
          </li>
        ))}
      </SimpleGrid>
    </Stack>
  );
}

function BusinessCard({ business }: { business: BusinessSummary }) {
  const status = ONBOARDING_STATUS_BADGE[business.onboarding_status];
  return (
    <Card component={Link} to={businessLanding(business)} withBorder radius="md" padding="lg" className={classes.card}>
      <Group wrap="nowrap" gap="md" align="flex-start">
        <IconBuildingStore size={28} aria-hidden stroke={1.5} />
        <Stack gap={6} style={{ flex: 1, minWidth: 0 }}>
          <Text fw={600} size="lg" lineClamp={2} style={{ overflowWrap: 'break-word' }}>
            {wrapPoints(business.name)}
          </Text>
          <Group gap="xs">
            {business.type === 'partner' && (
              <Badge color="grape" variant="light">
                Partner
              </Badge>
            )}
            <Badge color={status.color} variant="light">
              {status.label}
            </Badge>
          </Group>
          <Text size="sm" c="dimmed">
            {business.role ? `${business.role.title} · ` : ''}
            {countryName(business.country)} · {business.currency.toUpperCase()}
          </Text>
        </Stack>
        <IconChevronRight size={20} aria-hidden className={classes.chevron} />
      </Group>
    </Card>
  );
}
