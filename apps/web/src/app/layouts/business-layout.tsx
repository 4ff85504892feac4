import { lazy, Suspense, useDeferredValue, useEffect, useState } from 'react';
import { AppShell, Box, Burger, Group, useMatches as useBreakpointValue } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { useQuery } from '@tanstack/react-query';
import { Outlet, useLocation, useMatches, useParams } from 'react-router';
import { LoadingScreen } from '@/components/loading-screen';
import { NotFound } from '@/components/status-page';
import { ApiError } from '@/lib/api-client';
import { SubHeaderBar } from '@/components/sub-header-bar/sub-header-bar';
import { TestModeMark, TestModeStrip } from '@/components/test-mode-mark';
import { CONTENT_PADDING } from '@/components/sub-header-bar/sub-header-store';
import { businessQuery, useUser } from '@/lib/session';
import { BusinessWarningBanners } from '../business-warnings-banners';
import { CommandPaletteButton } from '../command-palette-button';
import { SECTION_OPTIONS, findRoute, href, type Section } from '../route-table';
import { sectionsFor, visibleSidebar } from '../sidebar';
import { BusinessSwitcher } from './business-switcher';
import { SectionSwitcher } from './section-switcher';
import { ColorSchemeToggle } from './shell-parts';
import { UserMenu } from './user-menu';
import { SupportInboxButton } from '@/app/support-inbox-button';
import { NotificationsBell } from '@/app/notifications-bell';
import { SidebarNav } from './sidebar-nav';

/** The command palette (Spotlight, with its modal) loads with the screen, after the shell's first paint. */
const CommandPalette = lazy(() => import('../command-palette').then((m) => ({ default: m.CommandPalette })));

/** The header's row, and the Test mode strip under it on a phone. */
const HEADER_ROW = 60;
const TEST_STRIP = 24;

/** Spec 1: the active section follows the current route; it starts as payments. */
function useActiveSection(): Section {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const current = leaf ? findRoute(leaf.id)?.section : undefined;
  const [active, setActive] = useState<Section>('payments');
  useEffect(() => {
    if (current && current !== active) setActive(current);
  }, [current, active]);
  return current ?? active;
}

export function BusinessLayout() {
  const { business_id: businessId = '' } = useParams();
  const user = useUser();
  const business = useQuery({ ...businessQuery(businessId), enabled: user !== null && businessId !== '' });
  const [navOpened, nav] = useDisclosure(false);
  const location = useLocation();
  const section = useActiveSection();
  // The shell paints first and the screen in the render after it (on a phone the first screen's render is
  // most of the start-up's CPU): the business's name, menus and notices show without waiting for it.
  const screenReady = useDeferredValue(true, false);
  // On a phone the header's buttons sit closer, so the section's name beside them keeps its width.
  const actionsGap = useBreakpointValue({ base: 4, sm: 10 });

  const closeNav = nav.close;
  useEffect(() => closeNav(), [location.pathname, closeNav]);

  // The business answered 404 since it was loaded (the member was removed or deactivated): the shell goes too.
  if (business.error instanceof ApiError && business.error.status === 404) {
    return (
      <Box component="main">
        <NotFound homeHref={href('auth.choose-business')} />
      </Box>
    );
  }
  if (!user || !business.data) return <LoadingScreen fullScreen />;
  const current = business.data;
  const activeSection = sectionsFor(current).includes(section) ? section : (sectionsFor(current)[0] ?? 'payments');
  const sectionOption = SECTION_OPTIONS.find((o) => o.value === activeSection);
  const sectionLabel = sectionOption?.label ?? 'Business';

  return (
    <AppShell
      header={{ height: current.test_mode ? { base: HEADER_ROW + TEST_STRIP, sm: HEADER_ROW } : HEADER_ROW }}
      navbar={{ width: 264, breakpoint: 'sm', collapsed: { mobile: !navOpened } }}
      padding={0}
    >
      <AppShell.Header>
        <Group h={HEADER_ROW} px={{ base: 'xs', sm: 'md' }} justify="space-between" wrap="nowrap" gap="xs">
          <Group gap="xs" wrap="nowrap" style={{ minWidth: 0 }}>
            <Burger opened={navOpened} onClick={nav.toggle} hiddenFrom="sm" size="sm" aria-label={navOpened ? 'Close navigation' : 'Open navigation'} />
            <SectionSwitcher business={current} active={activeSection} />
            <Box visibleFrom="sm" style={{ minWidth: 0 }}>
              <BusinessSwitcher user={user} business={current} />
            </Box>
            {/* From the business answer: payments run on the test processor. Not dismissible; on a phone, the strip below. */}
            {current.test_mode ? (
              <Box visibleFrom="sm">
                <TestModeMark />
              </Box>
            ) : null}
          </Group>
          <Group gap={actionsGap} wrap="nowrap">
            <CommandPaletteButton />
            <SupportInboxButton business={current} />
            <NotificationsBell business={current} />
            {/* On a phone the account menu switches the mode: the row keeps the section's name whole. */}
            <Box visibleFrom="sm">
              <ColorSchemeToggle />
            </Box>
            <UserMenu user={user} />
          </Group>
        </Group>
        {current.test_mode ? (
          <Box hiddenFrom="sm">
            <TestModeStrip height={TEST_STRIP} />
          </Box>
        ) : null}
      </AppShell.Header>

      <AppShell.Navbar aria-label={`${sectionLabel} menu`}>
        <Box hiddenFrom="sm" p="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <BusinessSwitcher user={user} business={current} fullWidth />
        </Box>
        <SidebarNav businessId={current.id} groups={visibleSidebar(activeSection, current)} />
      </AppShell.Navbar>

      <AppShell.Main>
        <SubHeaderBar contentWidth={1280} fallbackHref={sectionOption ? href(sectionOption.landing, { business_id: current.id }) : undefined} />
        <Box p={CONTENT_PADDING} maw={1280}>
          <BusinessWarningBanners business={current} />
          {screenReady ? (
            <Suspense fallback={<LoadingScreen />}>
              <Outlet />
            </Suspense>
          ) : (
            <LoadingScreen />
          )}
        </Box>
      </AppShell.Main>
      {screenReady ? (
        <Suspense fallback={null}>
          <CommandPalette business={current} />
        </Suspense>
      ) : null}
    </AppShell>
  );
}
