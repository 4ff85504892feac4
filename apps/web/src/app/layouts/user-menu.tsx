import { Avatar, Menu, Text, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconChecklist, IconHistory, IconLogout, IconMoon, IconShieldLock, IconSun, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { User } from '@merchant/identity';
import { href } from '../route-table';
import { useSignOut } from '../use-sign-out';

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/**
 * The signed-in person's menu: user settings and sign out; on a phone also the light or dark mode, whose header button
 * the business header leaves out there to keep its row within 375 px.
 */
export function UserMenu({ user }: { user: User }) {
  const signOut = useSignOut();
  const { setColorScheme } = useMantineColorScheme();
  const scheme = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = scheme === 'dark' ? 'light' : 'dark';
  return (
    <Menu position="bottom-end" width={240} withinPortal>
      <Menu.Target>
        <UnstyledButton aria-label={`Account menu for ${user.name}`} style={{ borderRadius: '50%' }}>
          <Avatar radius="xl" size={34} color="indigo">
            {initials(user.name)}
          </Avatar>
        </UnstyledButton>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Label>
          <Text size="sm" fw={600} c="var(--mantine-color-text)" truncate>
            {user.name}
          </Text>
          <Text size="xs" truncate>
            {user.email}
          </Text>
        </Menu.Label>
        <Menu.Item component={Link} to={href('user-settings.account')} leftSection={<IconUserCircle size={16} aria-hidden />}>
          Account settings
        </Menu.Item>
        <Menu.Item component={Link} to={href('user-settings.security')} leftSection={<IconShieldLock size={16} aria-hidden />}>
          Security
        </Menu.Item>
        <Menu.Item component={Link} to={href('user-settings.audit-logs')} leftSection={<IconHistory size={16} aria-hidden />}>
          Audit logs
        </Menu.Item>
        {user.is_super_admin && (
          <>
            <Menu.Divider />
            <Menu.Item component={Link} to={href('admin.verifications')} leftSection={<IconChecklist size={16} aria-hidden />}>
              Verification queue
            </Menu.Item>
          </>
        )}
        <Menu.Item
          hiddenFrom="sm"
          leftSection={next === 'dark' ? <IconMoon size={16} aria-hidden /> : <IconSun size={16} aria-hidden />}
          onClick={() => setColorScheme(next)}
        >
          Switch to {next} mode
        </Menu.Item>
        <Menu.Divider />
        <Menu.Item color="red" leftSection={<IconLogout size={16} aria-hidden />} onClick={() => signOut.mutate()} disabled={signOut.isPending}>
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
