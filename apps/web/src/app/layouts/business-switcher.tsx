import { Button, Menu, Text } from '@mantine/core';
import { IconBuildingStore, IconCheck, IconLayoutGrid, IconPlus, IconSelector } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { Business } from '@merchant/business';
import type { User } from '@merchant/identity';
import { businessesOf, businessLanding } from '../guards';
import { href } from '../route-table';

/** The business being worked on; switch to another, create one, or see them all. */
export function BusinessSwitcher({ user, business, fullWidth = false }: { user: User; business: Business; fullWidth?: boolean }) {
  const businesses = businessesOf(user);
  return (
    <Menu position="bottom-start" width={280} withinPortal>
      <Menu.Target>
        <Button
          variant="subtle"
          color="gray"
          px="xs"
          fullWidth={fullWidth}
          justify={fullWidth ? 'space-between' : undefined}
          leftSection={<IconBuildingStore size={18} aria-hidden />}
          rightSection={<IconSelector size={14} aria-hidden />}
          aria-label={`Business: ${business.name}. Switch business`}
          styles={{ label: { overflow: 'hidden', maxWidth: fullWidth ? undefined : 220 } }}
        >
          <Text span inherit truncate>
            {business.name}
          </Text>
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>Your businesses</Menu.Label>
        {businesses.map((b) => (
          <Menu.Item
            key={b.id}
            component={Link}
            to={businessLanding(b)}
            rightSection={b.id === business.id ? <IconCheck size={14} aria-hidden /> : null}
            aria-current={b.id === business.id ? 'true' : undefined}
          >
            <Text size="sm" truncate>
              {b.name}
            </Text>
          </Menu.Item>
        ))}
        <Menu.Divider />
        <Menu.Item component={Link} to={href('auth.register-authenticated')} leftSection={<IconPlus size={16} aria-hidden />}>
          Create business
        </Menu.Item>
        <Menu.Item component={Link} to={href('auth.choose-business')} leftSection={<IconLayoutGrid size={16} aria-hidden />}>
          All businesses
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
