import { useState } from 'react';
import { Badge, Group, NavLink, Stack, Text, VisuallyHidden } from '@mantine/core';
import { Link, useLocation } from 'react-router';
import { ICONS } from '../icons';
import { href, type RouteId } from '../route-table';
import type { SidebarGroup, SidebarLink } from '../sidebar';

/** The link whose path is the longest prefix of the current path is the active one. */
function activeRouteId(groups: SidebarGroup[], businessId: string, pathname: string): RouteId | null {
  let best: { id: RouteId; length: number } | null = null;
  for (const item of groups.flatMap((g) => g.items.flatMap((i) => i.children ?? [i]))) {
    const path = href(item.routeId, { business_id: businessId });
    if ((pathname === path || pathname.startsWith(`${path}/`)) && (!best || path.length > best.length)) {
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

/** A section's sidebar: groups, links and collapsible entries, as `visibleSidebar` derived them. */
export function SidebarNav({ groups, businessId }: { groups: SidebarGroup[]; businessId: string }) {
  const { pathname } = useLocation();
  const active = activeRouteId(groups, businessId, pathname);
  const [manuallyOpened, setManuallyOpened] = useState<Record<string, boolean>>({});

  return (
    <Stack gap="md">
      {groups.map((group, index) => (
        <Stack gap={2} key={group.label ?? `group-${index}`}>
          {group.label ? (
            <Text size="xs" fw={700} tt="uppercase" c="dimmed" px="sm" pb={4}>
              {group.label}
            </Text>
          ) : null}
          {group.items.map((item) => {
            const Icon = ICONS[item.icon];
            const icon = <Icon size={18} stroke={1.6} aria-hidden />;
            if (!item.children) {
              const isActive = item.routeId === active;
              return (
                <NavLink
                  key={item.routeId}
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
            const containsActive = item.children.some((c) => c.routeId === active);
            const key = `${item.routeId}:${item.label}`;
            const opened = manuallyOpened[key] ?? containsActive;
            return (
              // A button (not a link without a target), so Tab reaches it and Enter or Space opens it.
              <NavLink
                key={key}
                component="button"
                type="button"
                aria-expanded={opened}
                label={<ItemLabel item={item} />}
                leftSection={icon}
                opened={opened}
                onChange={(opened) => setManuallyOpened((m) => ({ ...m, [key]: opened }))}
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
          })}
        </Stack>
      ))}
    </Stack>
  );
}
