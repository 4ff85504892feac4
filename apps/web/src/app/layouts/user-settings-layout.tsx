import { Suspense, useEffect } from 'react';
import { AppShell, Box, Burger, Button, Group, NavLink, Stack, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconArrowLeft } from '@tabler/icons-react';
import { Link, Outlet, useLocation } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { SubHeaderBar } from '@/components/sub-header-bar/sub-header-bar';
import { CONTENT_PADDING } from '@/components/sub-header-bar/sub-header-store';
import { useUser } from '@/lib/session';
import { ICONS } from '../icons';
import { href, routeTable } from '../route-table';
import { ColorSchemeToggle, Logo } from './shell-parts';
import { UserMenu } from './user-menu';

/** The user-settings menu, derived from the route table. */
const USER_SETTINGS_LINKS = routeTable
  .filter((r) => r.layout === 'user-settings' && r.sidebar)
  .sort((a, b) => (a.sidebar?.order ?? 0) - (b.sidebar?.order ?? 0));

export function UserSettingsLayout() {
  const user = useUser();
  const { pathname } = useLocation();
  const [navOpened, nav] = useDisclosure(false);
  const closeNav = nav.close;
  useEffect(() => closeNav(), [pathname, closeNav]);
  if (!user) return <LoadingScreen fullScreen />;

  return (
    <AppShell header={{ height: 60 }} navbar={{ width: 248, breakpoint: 'sm', collapsed: { mobile: !navOpened } }} padding={0}>
      <AppShell.Header>
        <Group h="100%" px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap">
          <Group gap="xs" wrap="nowrap">
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={navOpened ? 'Close navigation' : 'Open navigation'} />
            <Box visibleFrom="xs">
              <Logo />
            </Box>
          </Group>
          <Group gap="xs" wrap="nowrap">
            <ColorSchemeToggle />
            <UserMenu user={user} />
          </Group>
        </Group>
      </AppShell.Header>
      <AppShell.Navbar p="sm" aria-label="User settings menu">
        <Stack gap={2}>
          <Button
            component={Link}
            to={href('auth.choose-business')}
            variant="subtle"
            color="gray"
            justify="flex-start"
            leftSection={<IconArrowLeft size={16} aria-hidden />}
            mb="sm"
          >
            Back to businesses
          </Button>
          <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
            User settings
          </Text>
          {USER_SETTINGS_LINKS.map((route) => {
            const to = href(route.id);
            const active = pathname === to;
            const Icon = route.sidebar ? ICONS[route.sidebar.icon] : null;
            return (
              <NavLink
                key={route.id}
                component={Link}
                to={to}
                label={route.sidebar?.label ?? route.title}
                leftSection={Icon ? <Icon size={18} stroke={1.6} aria-hidden /> : null}
                active={active}
                aria-current={active ? 'page' : undefined}
                style={{ borderRadius: 'var(--mantine-radius-md)' }}
              />
            );
          })}
        </Stack>
      </AppShell.Navbar>
      <AppShell.Main>
        <SubHeaderBar contentWidth={960} fallbackHref={href('auth.choose-business')} />
        <Box p={CONTENT_PADDING} maw={960}>
          <Suspense fallback={<LoadingScreen />}>
            <Outlet />
          </Suspense>
        </Box>
      </AppShell.Main>
    </AppShell>
  );
}
