import { useCallback, useEffect, useRef, useState, type RefObject } from 'react';
import { Badge, Group, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ICONS } from '../icons';
import { href, type RouteId } from '../route-table';
import type { SidebarGroup, SidebarItem, SidebarLink } from '../sidebar';
import classes from './sidebar-nav.module.css';

/**
 * The link whose path is the longest prefix of the current path is the active one. A section's home (its Overview, at
 * the section's own path) is active on itself only: a screen of the section that no link names (the Support inbox,
 * opened from the header) highlights nothing rather than the Overview.
 */
function activeRouteId(groups: SidebarGroup[], businessId: string, pathname: string): RouteId | null {
  let best: { id: RouteId; length: number } | null = null;
  for (const item of groups.flatMap((g) => g.items.flatMap((i) => i.children ?? [i]))) {
    const path = href(item.routeId, { business_id: businessId });
    const sectionHome = path.split('/').filter(Boolean).length <= 3;
    const matches = pathname === path || (!sectionHome && pathname.startsWith(`${path}/`));
    if (matches && (!best || path.length > best.length)) {
      best = { id: item.routeId, length: path.length };
    }
  }
  return best?.id ?? null;
}

/** The entry's label, with its count as a dot-like badge (and spelled out for screen readers). */
function ItemLabel({ item }: { item: SidebarLink }) {
  if (item.badge === undefined) return <>{item.label}</>;
  return (
    <Group gap={6} wrap="nowrap" component="span">
      {item.label}
      <Badge size="sm" color="red" circle aria-hidden>
        {item.badge}
      </Badge>
      <VisuallyHidden>, {item.badge} awaiting review</VisuallyHidden>
    </Group>
  );
}

/** One entry: a link, or a collapsible entry (a button that opens its links). */
function SidebarEntry({ item, businessId, active, opened, onOpen }: EntryProps) {
  const Icon = ICONS[item.icon];
  const icon = <Icon size={18} stroke={1.6} aria-hidden />;
  if (!item.children) {
    const isActive = item.routeId === active;
    return (
      <NavLink
        component={Link}
        to={href(item.routeId, { business_id: businessId })}
        label={<ItemLabel item={item} />}
        leftSection={icon}
        active={isActive}
        aria-current={isActive ? 'page' : undefined}
        style={{ borderRadius: 'var(--mantine-radius-md)' }}
      />
    );
  }
  return (
    // A button (not a link without a target), so Tab reaches it and Enter or Space opens it.
    <NavLink
      component="button"
      type="button"
      aria-expanded={opened}
      label={<ItemLabel item={item} />}
      leftSection={icon}
      opened={opened}
      onChange={onOpen}
      childrenOffset={28}
      style={{ borderRadius: 'var(--mantine-radius-md)' }}
    >
      {item.children.map((child) => {
        const isActive = child.routeId === active;
        return (
          <NavLink
            key={child.routeId}
            component={Link}
            to={href(child.routeId, { business_id: businessId })}
            label={<ItemLabel item={child} />}
            active={isActive}
            aria-current={isActive ? 'page' : undefined}
            style={{ borderRadius: 'var(--mantine-radius-md)' }}
          />
        );
      })}
    </NavLink>
  );
}

interface EntryProps {
  item: SidebarItem;
  businessId: string;
  active: RouteId | null;
  opened: boolean;
  onOpen: (opened: boolean) => void;
}

/** Whether the scrolling part has more above or below what it shows (the fades that say the menu scrolls). */
function useScrollEdges(viewport: RefObject<HTMLDivElement | null>) {
  const [edges, setEdges] = useState({ above: false, below: false });
  const measure = useCallback(() => {
    const el = viewport.current;
    if (!el) return;
    const above = el.scrollTop > 1;
    const below = el.scrollTop + el.clientHeight < el.scrollHeight - 1;
    setEdges((was) => (was.above === above && was.below === below ? was : { above, below }));
  }, [viewport]);
  useEffect(() => {
    const el = viewport.current;
    if (!el) return;
    measure();
    if (typeof ResizeObserver === 'undefined') return;
    // Opening a group or resizing the window changes what overflows.
    const observer = new ResizeObserver(measure);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [viewport, measure]);
  return { ...edges, measure };
}

/**
 * A section's sidebar, as `visibleSidebar` derived it: its groups in a part of their own that scrolls when the window is
 * shorter than the menu (a fade at the edge that has more, and the scrollbar, say so), and the pinned entries
 * (Settings) at its foot, always in view. The current page's entry is scrolled into view.
 */
export function SidebarNav({ groups, businessId }: { groups: SidebarGroup[]; businessId: string }) {
  const { pathname } = useLocation();
  const active = activeRouteId(groups, businessId, pathname);
  const [manuallyOpened, setManuallyOpened] = useState<Record<string, boolean>>({});
  const viewport = useRef<HTMLDivElement>(null);
  const foot = useRef<HTMLDivElement>(null);
  const edges = useScrollEdges(viewport);

  const scrolling = groups.map((g) => ({ ...g, items: g.items.filter((i) => !i.pinned) })).filter((g) => g.items.length > 0);
  const pinned = groups.flatMap((g) => g.items.filter((i) => i.pinned));

  useEffect(() => {
    // The current page's entry in view, in whichever part holds it (on a short window it may sit below the fold).
    for (const el of [viewport.current, foot.current]) {
      const current = el?.querySelector<HTMLElement>('[aria-current="page"]');
      if (!el || !current) continue;
      const top = current.getBoundingClientRect().top - el.getBoundingClientRect().top + el.scrollTop;
      if (top < el.scrollTop || top + current.offsetHeight > el.scrollTop + el.clientHeight) el.scrollTop = Math.max(0, top - el.clientHeight / 3);
    }
    edges.measure();
    // Only when the page changes.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [active]);

  const entry = (item: SidebarItem) => {
    const key = `${item.routeId}:${item.label}`;
    const opened = manuallyOpened[key] ?? Boolean(item.children?.some((c) => c.routeId === active));
    return (
      <SidebarEntry
        key={key}
        item={item}
        businessId={businessId}
        active={active}
        opened={opened}
        onOpen={(next) => setManuallyOpened((m) => ({ ...m, [key]: next }))}
      />
    );
  };

  return (
    <>
      <div className={classes.scroller} data-more-above={edges.above || undefined} data-more-below={edges.below || undefined}>
        <div ref={viewport} className={classes.viewport} onScroll={edges.measure} data-testid="sidebar-scroll">
          <Stack gap="md" p="sm">
            {scrolling.map((group, index) => (
              <Stack gap={2} key={group.label ?? `group-${index}`}>
                {group.label ? (
                  <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
                    {group.label}
                  </Text>
                ) : null}
                {group.items.map(entry)}
              </Stack>
            ))}
          </Stack>
        </div>
      </div>
      {pinned.length > 0 ? (
        <div ref={foot} className={classes.foot} data-testid="sidebar-foot">
          <Stack gap={2} p="sm">
            {pinned.map(entry)}
          </Stack>
        </div>
      ) : null}
    </>
  );
}
