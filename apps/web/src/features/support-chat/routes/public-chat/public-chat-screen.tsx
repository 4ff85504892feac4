import { Alert, Button, Container, Group, Paper, Stack, Text, TextInput, Textarea, Title } from '@mantine/core';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { MAX_CHAT_MESSAGE_LENGTH, StartChatBodySchema, type ChatMessage, type PublicChat } from '@merchant/business';
import { ChatComposer } from '@/components/chat-composer';
import { ChatMessages } from '@/components/chat-messages';
import { useZodForm } from '@/components/form/use-zod-form';
import { ApiError } from '@/lib/api-client';
import { mergeMessages, useChatSocket } from '@/lib/chat-socket';
import { errorMessage } from '@/lib/error-message';
import {
  customerAttachmentUrl,
  customerSocketPath,
  publicChatQuery,
  storeToken,
  storedToken,
  usePostFile,
  usePostMessage,
  useStartChat,
} from '@/features/support-chat/api/support-chat-api';

/**
 * The business's public support chat (`/public/{business_id}/support-chat`, no sign-in; docs/decisions.md "Support
 * chat"): the customer gives a name, an email and a first message, then sees the business's answers live. The
 * conversation's token stays in this browser (a reload continues it) and comes in the mailed link (`?t=`).
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const [search, setSearch] = useSearchParams();
  const [token, setToken] = useState<string | null>(() => search.get('t') ?? storedToken(businessId));

  // A mailed link's token is kept like one the page was given, and leaves the address bar.
  useEffect(() => {
    const fromLink = search.get('t');
    if (!fromLink) return;
    storeToken(businessId, fromLink);
    setSearch({}, { replace: true });
  }, [businessId, search, setSearch]);

  const forget = () => {
    storeToken(businessId, null);
    setToken(null);
  };

  return (
    <Container size={560} px="sm" py="md">
      {token ? (
        <Conversation businessId={businessId} token={token} onInvalid={forget} />
      ) : (
        <StartForm
          businessId={businessId}
          onStarted={(next) => {
            storeToken(businessId, next);
            setToken(next);
          }}
        />
      )}
    </Container>
  );
}

function StartForm({ businessId, onStarted }: { businessId: string; onStarted: (token: string) => void }) {
  const start = useStartChat(businessId);
  const client = useQueryClient();
  const form = useZodForm(StartChatBodySchema, { name: '', email: '', message: '' });
  const submit = form.onSubmit((body) =>
    start.mutate(body, {
      onSuccess: (chat) => {
        const { token, ...page } = chat;
        client.setQueryData(publicChatQuery(businessId, token).queryKey, page);
        onStarted(token);
      },
      onError: form.handleServerError,
    }),
  );
  return (
    <Paper withBorder p="md" radius="md">
      <form onSubmit={submit} noValidate>
        <Stack gap="sm">
          <Title order={1} size="h3">
            Chat with us
          </Title>
          <Text size="sm" c="dimmed">
            Write your question and we will answer here. We email you when an answer waits for you.
          </Text>
          <TextInput label="Your name" autoComplete="name" required {...form.field('name')} />
          <TextInput label="Your email" type="email" autoComplete="email" required {...form.field('email')} />
          <Textarea label="Message" required autosize minRows={3} maxLength={MAX_CHAT_MESSAGE_LENGTH} {...form.field('message')} />
          {start.isError && !(start.error instanceof ApiError && start.error.status === 422) ? (
            <Alert color="red" role="alert" title="Not sent">
              {errorMessage(start.error)}
            </Alert>
          ) : null}
          <Button type="submit" loading={start.isPending}>
            Start chat
          </Button>
        </Stack>
      </form>
    </Paper>
  );
}

function Conversation({ businessId, token, onInvalid }: { businessId: string; token: string; onInvalid: () => void }) {
  const client = useQueryClient();
  const query = publicChatQuery(businessId, token);
  const chat = useQuery(query);
  const [typingUntil, setTypingUntil] = useState(0);
  const [now, setNow] = useState(0);
  const [seen, setSeen] = useState(0);
  const messages = chat.data?.messages ?? [];
  const lastSeq = messages.at(-1)?.seq ?? 0;

  const add = (incoming: ChatMessage[]) =>
    client.setQueryData(query.queryKey, (old: PublicChat | undefined) => (old ? { ...old, messages: mergeMessages(old.messages, incoming) } : old));

  const socket = useChatSocket(chat.data ? customerSocketPath(businessId, token) : null, {
    onOpen: (s) => s.send({ type: 'follow', after: lastSeq }),
    onFrame: (frame) => {
      if (frame.type === 'message') {
        add([frame.message]);
        if (frame.message.side === 'staff') {
          setTypingUntil(0);
          if (document.visibilityState === 'visible') socket.send({ type: 'read', seq: frame.message.seq });
        }
      } else if (frame.type === 'typing') {
        const until = Date.now() + 4000;
        setTypingUntil(until);
        setNow(Date.now());
        setTimeout(() => setNow(Date.now()), 4100);
      } else if (frame.type === 'read' && frame.side === 'staff') {
        setSeen(frame.seq);
      }
    },
  });

  useEffect(() => {
    if (chat.isError && chat.error instanceof ApiError && (chat.error.status === 404 || chat.error.status === 422)) onInvalid();
  }, [chat.isError, chat.error, onInvalid]);

  if (chat.isPending) return <Text>Loading the conversation…</Text>;
  if (chat.isError)
    return (
      <Alert color="red" role="alert" title="The conversation could not be loaded">
        {errorMessage(chat.error)}
      </Alert>
    );
  const { business, conversation } = chat.data;
  return (
    <Paper withBorder radius="md" p="sm" style={{ display: 'flex', flexDirection: 'column', height: 'min(80vh, 720px)' }}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <div>
          <Title order={1} size="h4">
            {business.name}
          </Title>
          <Text size="xs" c="dimmed">
            {socket.connected ? 'Answers appear here as they are written.' : 'Connecting…'}
          </Text>
        </div>
      </Group>
      <ChatMessages
        messages={messages}
        viewer="customer"
        otherName={business.name}
        typing={typingUntil > now}
        seenSeq={Math.max(seen, conversation.staff_read_seq)}
        label={`Conversation with ${business.name}`}
        attachmentUrl={(m) => customerAttachmentUrl(businessId, token, m)}
      />
      <Composer businessId={businessId} token={token} onSent={(m) => add([m])} onTyping={() => socket.send({ type: 'typing' })} />
    </Paper>
  );
}

function Composer({ businessId, token, onSent, onTyping }: { businessId: string; token: string; onSent: (m: ChatMessage) => void; onTyping: () => void }) {
  const post = usePostMessage(businessId, token);
  const postFile = usePostFile(businessId, token);
  return <ChatComposer textLabel="Your message" sendLabel="Send" sendText={post} sendFile={postFile} onSent={onSent} onTyping={onTyping} />;
}
