import { useState } from 'react';
import { ActionIcon, Box, Button, Group, Popover, Stack, Text, UnstyledButton, VisuallyHidden } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { infiniteQueryOptions, useInfiniteQuery, useMutation, useQueryClient } from '@tanstack/react-query';
import { Link } from 'react-router';
import { NOTIFICATIONS_SOCKET_PATH, notificationsEndpoints, type Business, type Notification, type NotificationServerFrame } from '@merchant/business';
import { fillPath } from '@merchant/core';
import { call } from '@/lib/api-client';
import { useChatSocket } from '@/lib/chat-socket';
import { formatBusinessDateTime } from '@/lib/format';
import { endpointKey, endpointScope, invalidateEndpoints } from '@/lib/queries';

/** How many notifications the bell lists at once ("Show older" reads the next ones). */
const PAGE_SIZE = 20;

const notificationsQuery = (businessId: string) =>
  infiniteQueryOptions({
    queryKey: endpointKey(notificationsEndpoints.list, { params: { business_id: businessId }, query: { limit: PAGE_SIZE } }),
    queryFn: ({ pageParam, signal }) =>
      call(notificationsEndpoints.list, { params: { business_id: businessId }, query: { limit: PAGE_SIZE, cursor: pageParam }, signal }),
    initialPageParam: undefined as string | undefined,
    getNextPageParam: (page) => page.next_cursor ?? undefined,
  });

/** The button's name says the count, so a screen reader hears it without opening the list. */
export const bellLabel = (unread: number) => (unread > 0 ? `Notifications, ${unread} unread` : 'Notifications');

/**
 * The bell in the header (docs/decisions.md, "Notifications"): the signed-in person's own notifications in the
 * business, their unread count on the button, read again whenever the notifications socket says something changed
 * (a new one, or one read in another tab), so the count rises without a reload.
 */
export function NotificationsBell({ business }: { business: Business }) {
  const businessId = business.id;
  const client = useQueryClient();
  const [opened, setOpened] = useState(false);
  const list = useInfiniteQuery(notificationsQuery(businessId));
  const refresh = () => invalidateEndpoints(client, [endpointScope(notificationsEndpoints.list, { params: { business_id: businessId } })]);
  useChatSocket<NotificationServerFrame, never>(fillPath(NOTIFICATIONS_SOCKET_PATH, { business_id: businessId }), {
    // On every (re)connection too: what changed while the socket was down is read again.
    onOpen: () => void refresh(),
    onFrame: (frame) => {
      if (frame.type === 'changed') void refresh();
    },
  });
  const markAll = useMutation({
    mutationFn: () => call(notificationsEndpoints.markAllRead, { params: { business_id: businessId } }),
    onSettled: refresh,
  });
  const markOne = useMutation({
    mutationFn: (id: string) => call(notificationsEndpoints.markRead, { params: { business_id: businessId, id } }),
    onSettled: refresh,
  });

  const unread = list.data?.pages[0]?.unread_count ?? 0;
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const label = bellLabel(unread);

  const open = (n: Notification) => {
    if (!n.read_at) markOne.mutate(n.id);
    setOpened(false);
  };

  return (
    <Popover opened={opened} onChange={setOpened} position="bottom-end" width="min(22rem, calc(100vw - 1rem))" shadow="md" trapFocus returnFocus withinPortal>
      <Popover.Target>
        <ActionIcon variant="default" size="lg" aria-label={label} pos="relative" style={{ overflow: 'visible' }} onClick={() => setOpened((o) => !o)}>
          <IconBell size={18} aria-hidden />
          {unread > 0 ? (
            <Box
              component="span"
              aria-hidden
              pos="absolute"
              top={-5}
              right={-5}
              px={4}
              miw={18}
              h={18}
              fz={11}
              fw={700}
              lh="18px"
              ta="center"
              bg="red.8"
              c="white"
              style={{ borderRadius: 9 }}
            >
              {unread > 99 ? '99+' : unread}
            </Box>
          ) : null}
        </ActionIcon>
      </Popover.Target>
      <Popover.Dropdown aria-label="Notifications" p={0}>
        <Group justify="space-between" wrap="nowrap" px="sm" py="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <Text fw={600} component="h2" fz="sm" m={0}>
            Notifications
          </Text>
          <Button variant="subtle" size="compact-sm" disabled={unread === 0} loading={markAll.isPending} onClick={() => markAll.mutate()}>
            Mark all as read
          </Button>
        </Group>
        <Box mah="min(28rem, 70vh)" style={{ overflowY: 'auto' }}>
          {list.isPending ? (
            <Text size="sm" p="sm" c="dimmed">
              Loading notifications…
            </Text>
          ) : list.isError ? (
            <Group p="sm" justify="space-between">
              <Text size="sm">Notifications could not be loaded.</Text>
              <Button size="compact-sm" variant="default" onClick={() => void list.refetch()}>
                Retry
              </Button>
            </Group>
          ) : rows.length === 0 ? (
            <Text size="sm" p="sm" c="dimmed">
              No notifications yet.
            </Text>
          ) : (
            <Stack component="ul" gap={0} m={0} p={0} style={{ listStyle: 'none' }}>
              {rows.map((n) => (
                <li key={n.id}>
                  <UnstyledButton
                    component={Link}
                    to={n.link}
                    onClick={() => open(n)}
                    display="block"
                    w="100%"
                    px="sm"
                    py="xs"
                    bg={n.read_at ? undefined : 'var(--mantine-primary-color-light)'}
                    style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}
                  >
                    <Group gap={6} wrap="nowrap" align="baseline">
                      {n.read_at ? null : <Box component="span" w={8} h={8} bg="blue.7" style={{ borderRadius: 4, flexShrink: 0 }} aria-hidden />}
                      <Text size="sm" fw={n.read_at ? 400 : 600}>
                        {n.read_at ? null : <VisuallyHidden>Unread: </VisuallyHidden>}
                        {n.title}
                      </Text>
                    </Group>
                    <Text size="sm">{n.body}</Text>
                    <Text size="xs" c="dimmed">
                      {formatBusinessDateTime(n.created_at, business.time_zone)}
                    </Text>
                  </UnstyledButton>
                </li>
              ))}
            </Stack>
          )}
          {list.hasNextPage ? (
            <Group justify="center" p="xs">
              <Button variant="subtle" size="compact-sm" loading={list.isFetchingNextPage} onClick={() => void list.fetchNextPage()}>
                Show older
              </Button>
            </Group>
          ) : null}
        </Box>
      </Popover.Dropdown>
    </Popover>
  );
}
