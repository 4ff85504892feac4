import { Alert, Badge, Box, Button, Group, Paper, Select, Stack, Text, UnstyledButton } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import type { ChatConversation, ChatMessage, ChatThread, InboxQuery } from '@merchant/business';
import { href } from '@/app/route-table';
import { ChatComposer } from '@/components/chat-composer';
import { ChatMessages } from '@/components/chat-messages';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { mergeMessages, useChatSocket, type ChatSocket } from '@/lib/chat-socket';
import { errorMessage } from '@/lib/error-message';
import { canChange, useBusiness, useUser } from '@/lib/session';
import {
  cannedQuery,
  inboxQuery,
  refreshConversation,
  staffAttachmentUrl,
  staffSocketPath,
  threadQuery,
  useAnswer,
  useAnswerFile,
  useAssign,
  useSetStatus,
} from '@/features/support/api/support-api';

const STATUS_OPTIONS = [
  { value: 'open', label: 'Open' },
  { value: 'closed', label: 'Closed' },
  { value: 'all', label: 'All' },
];
const ASSIGNED_OPTIONS = [
  { value: 'anyone', label: 'Anyone' },
  { value: 'mine', label: 'Assigned to me' },
  { value: 'unassigned', label: 'Unassigned' },
];

/**
 * The Support inbox (docs/decisions.md, "Support chat"): conversations by latest activity with their unread counts,
 * filtered by status and assignment, and the open conversation beside them (under them on a phone). One socket
 * keeps it live: a conversation that changes is fetched again, the open one's messages arrive as they are written.
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const client = useQueryClient();
  const status = search.get('status') ?? 'open';
  const assigned = search.get('assigned') ?? 'anyone';
  const openId = search.get('c');
  const filter: InboxQuery = {
    ...(status === 'all' ? {} : { status: status === 'closed' ? 'closed' : 'open' }),
    ...(assigned === 'mine' || assigned === 'unassigned' ? { assigned } : {}),
  };
  const inbox = useQuery(inboxQuery(businessId, filter));
  const [typing, setTyping] = useState<{ id: string; until: number } | null>(null);
  const [seen, setSeen] = useState<Record<string, number>>({});
  const [, setTick] = useState(0);

  const setParam = (key: string, value: string | null) => {
    const next = new URLSearchParams(search);
    if (value === null) next.delete(key);
    else next.set(key, value);
    setSearch(next, { replace: key !== 'c' });
  };

  const socket = useChatSocket(staffSocketPath(businessId), {
    onOpen: (s) => {
      if (!openId) return;
      const thread = client.getQueryData<ChatThread>(threadQuery(businessId, openId).queryKey);
      s.send({ type: 'follow', conversation_id: openId, after: thread?.messages.at(-1)?.seq ?? 0 });
    },
    onFrame: (frame) => {
      if (frame.type === 'conversation') void refreshConversation(client, businessId);
      else if (frame.type === 'message') {
        const id = frame.message.conversation_id;
        client.setQueryData(threadQuery(businessId, id).queryKey, (old: ChatThread | undefined) =>
          old ? { ...old, messages: mergeMessages(old.messages, [frame.message]) } : old,
        );
        if (frame.message.side === 'customer' && id === openId) {
          setTyping(null);
          socket.send({ type: 'read', conversation_id: id, seq: frame.message.seq });
        }
      } else if (frame.type === 'typing' && frame.side === 'customer') {
        setTyping({ id: frame.conversation_id, until: Date.now() + 4000 });
        setTimeout(() => setTick((n) => n + 1), 4100);
      } else if (frame.type === 'read' && frame.side === 'customer') {
        setSeen((s) => ({ ...s, [frame.conversation_id]: frame.seq }));
      }
    },
  });

  const conversations = inbox.data?.conversations ?? [];
  const list = (
    <Stack gap="xs" style={{ flex: '1 1 280px', minWidth: 0, maxWidth: openId ? 380 : undefined }} visibleFrom={openId ? 'md' : undefined}>
      <Group gap="sm" grow>
        <Select label="Status" data={STATUS_OPTIONS} value={status} allowDeselect={false} onChange={(v) => setParam('status', v)} />
        <Select label="Assigned" data={ASSIGNED_OPTIONS} value={assigned} allowDeselect={false} onChange={(v) => setParam('assigned', v)} />
      </Group>
      {inbox.isError ? (
        <Alert color="red" role="alert" title="The inbox could not be loaded">
          {errorMessage(inbox.error)}
        </Alert>
      ) : null}
      {inbox.isPending ? <Text>Loading conversations…</Text> : null}
      {inbox.data && conversations.length === 0 ? (
        <EmptyState title="No conversations" description="Conversations with customers appear here as they write." />
      ) : null}
      <Stack gap={6} component="ul" aria-label="Conversations" style={{ listStyle: 'none', padding: 0, margin: 0 }}>
        {conversations.map((c) => (
          <li key={c.id}>
            <ConversationRow conversation={c} selected={c.id === openId} onOpen={() => setParam('c', c.id)} />
          </li>
        ))}
      </Stack>
    </Stack>
  );

  return (
    <PageFrame
      title="Support"
      description="Answer the customers who write from your support chat page. Answers left unread for 10 minutes are emailed to the customer."
      actions={
        <>
          <Text size="sm" c="dimmed" role="status">
            {socket.connected ? `${inbox.data?.unread_total ?? 0} unread` : 'Connecting…'}
          </Text>
          <Button component={Link} to={href('payments.support-canned-replies', { business_id: businessId })} variant="default" size="xs">
            Canned replies and chat button
          </Button>
        </>
      }
    >
      <Group align="flex-start" gap="md" wrap="nowrap">
        {list}
        {openId ? (
          <Thread
            key={openId}
            businessId={businessId}
            id={openId}
            socket={socket}
            typing={typing?.id === openId && typing.until > Date.now()}
            seenSeq={seen[openId] ?? 0}
            onBack={() => setParam('c', null)}
          />
        ) : null}
      </Group>
    </PageFrame>
  );
}

function ConversationRow({ conversation: c, selected, onOpen }: { conversation: ChatConversation; selected: boolean; onOpen: () => void }) {
  return (
    <UnstyledButton onClick={onOpen} aria-current={selected ? 'true' : undefined} w="100%">
      <Paper withBorder p="sm" radius="md" bg={selected ? 'var(--mantine-color-blue-light)' : undefined}>
        <Group justify="space-between" wrap="nowrap" gap="xs">
          <Text fw={600} size="sm" truncate>
            {c.customer_name}
          </Text>
          {c.unread_by_staff > 0 ? (
            <Badge color="red" aria-label={`${c.unread_by_staff} unread`}>
              {c.unread_by_staff}
            </Badge>
          ) : null}
        </Group>
        <Text size="xs" c="dimmed" truncate>
          {c.last_message ? `${c.last_message.side === 'staff' ? 'You: ' : ''}${c.last_message.body}` : ''}
        </Text>
        <Text size="xs" c="dimmed">
          {c.status === 'closed' ? 'Closed' : 'Open'}
          {c.assignee ? ` · ${c.assignee.name}` : ' · Unassigned'}
        </Text>
      </Paper>
    </UnstyledButton>
  );
}

function Thread(props: { businessId: string; id: string; socket: ChatSocket; typing: boolean; seenSeq: number; onBack: () => void }) {
  const { businessId, id, socket } = props;
  const client = useQueryClient();
  const business = useBusiness(businessId);
  const user = useUser();
  const thread = useQuery(threadQuery(businessId, id));
  const canReply = canChange(business.data, 'chat:reply');
  const lastSeqRef = useRef<number | undefined>(undefined);
  lastSeqRef.current = thread.data?.messages.at(-1)?.seq;
  const loaded = thread.data !== undefined;
  // Follow this conversation on the socket once its messages are here (a reconnection follows it again: onOpen).
  useEffect(() => {
    if (loaded && socket.connected) socket.send({ type: 'follow', conversation_id: id, after: lastSeqRef.current ?? 0 });
    // eslint-disable-next-line react-hooks/exhaustive-deps -- the socket's send is stable; follow once per conversation and connection
  }, [loaded, socket.connected, id]);
  const assign = useAssign(businessId, id);
  const setStatus = useSetStatus(businessId, id);
  if (thread.isPending) return <Text style={{ flex: '2 1 0' }}>Loading the conversation…</Text>;
  if (thread.isError)
    return (
      <Alert color="red" role="alert" title="The conversation could not be loaded" style={{ flex: '2 1 0' }}>
        {errorMessage(thread.error)}
      </Alert>
    );
  const { conversation, messages } = thread.data;
  const add = (m: ChatMessage) =>
    client.setQueryData(threadQuery(businessId, id).queryKey, (old: ChatThread | undefined) =>
      old ? { ...old, messages: mergeMessages(old.messages, [m]) } : old,
    );
  const mine = conversation.assignee?.user_id === user?.id;
  return (
    <Paper
      withBorder
      radius="md"
      p="sm"
      style={{ flex: '2 1 0', minWidth: 0, display: 'flex', flexDirection: 'column', height: 'min(75vh, 760px)' }}
      aria-label={`Conversation with ${conversation.customer_name}`}
      component="section"
    >
      <Group justify="space-between" gap="xs" mb="xs">
        <Box style={{ minWidth: 0 }}>
          <Button variant="subtle" size="compact-sm" hiddenFrom="md" onClick={props.onBack} px={0}>
            Back to conversations
          </Button>
          <Text fw={600}>{conversation.customer_name}</Text>
          <Text size="xs" c="dimmed" style={{ wordBreak: 'break-word' }}>
            {conversation.customer_email}
          </Text>
        </Box>
        {canReply ? (
          <Group gap="xs">
            <Button variant="default" size="xs" loading={assign.isPending} onClick={() => assign.mutate(mine ? null : (user?.id ?? null))}>
              {mine ? 'Unassign' : 'Assign to me'}
            </Button>
            <Button
              variant="default"
              size="xs"
              loading={setStatus.isPending}
              onClick={() => setStatus.mutate(conversation.status === 'open' ? 'closed' : 'open')}
            >
              {conversation.status === 'open' ? 'Close' : 'Reopen'}
            </Button>
          </Group>
        ) : null}
      </Group>
      <ChatMessages
        messages={messages}
        viewer="staff"
        otherName={conversation.customer_name}
        typing={props.typing}
        seenSeq={Math.max(props.seenSeq, conversation.customer_read_seq)}
        label={`Messages with ${conversation.customer_name}`}
        attachmentUrl={(m) => staffAttachmentUrl(businessId, m)}
      />
      {canReply ? <AnswerBox businessId={businessId} id={id} onSent={add} onTyping={() => socket.send({ type: 'typing', conversation_id: id })} /> : null}
    </Paper>
  );
}

function AnswerBox({ businessId, id, onSent, onTyping }: { businessId: string; id: string; onSent: (m: ChatMessage) => void; onTyping: () => void }) {
  const answer = useAnswer(businessId, id);
  const answerFile = useAnswerFile(businessId, id);
  const canned = useQuery(cannedQuery(businessId));
  const replies = canned.data ?? [];
  return (
    <ChatComposer
      textLabel="Answer"
      sendLabel="Send answer"
      sendText={answer}
      sendFile={answerFile}
      onSent={onSent}
      onTyping={onTyping}
      before={(append) =>
        replies.length > 0 ? (
          <Select
            label="Canned reply"
            placeholder="Insert a canned reply"
            data={replies.map((r) => ({ value: r.id, label: r.title }))}
            value={null}
            onChange={(value) => {
              const reply = replies.find((r) => r.id === value);
              if (reply) append(reply.body);
            }}
          />
        ) : null
      }
    />
  );
}
