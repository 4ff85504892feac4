import { ActionIcon, Avatar, Menu, Text, UnstyledButton, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconChecklist, IconHistory, IconLogout, IconMoon, IconShieldLock, IconSun, IconUserCircle } from '@tabler/icons-react';
import { Link } from 'react-router';
import type { User } from '@merchant/identity';
import { href } from '../route-table';
import { PRODUCT_NAME } from '../use-document-title';
import { useSignOut } from '../use-sign-out';

/** The product name as the logo; links to the start of the app. */
export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Text component={Link} to={href('auth.root')} fw={800} fz={size} c="var(--mantine-color-text)" td="none" style={{ whiteSpace: 'nowrap' }}>
      {PRODUCT_NAME}
    </Text>
  );
}

/** Light/dark switch; follows the system until the person picks one. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon variant="default" size="lg" aria-label={`Switch to ${next} mode`} onClick={() => setColorScheme(next)}>
      {computed === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}

function initials(name: string): string {
  const parts = name.trim().split(/\s+/).filter(Boolean);
  return ((parts[0]?.[0] ?? '') + (parts.length > 1 ? (parts[parts.length - 1]?.[0] ?? '') : '')).toUpperCase() || '?';
}

/** The signed-in person's menu: user settings and sign out. */
export function UserMenu({ user }: { user: User }) {
  const signOut = useSignOut();
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
        <Menu.Divider />
        <Menu.Item
          color="red"
          leftSection={<IconLogout size={16} aria-hidden />}
          onClick={() => signOut.mutate()}
          disabled={signOut.isPending}
        >
          Sign out
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}
