import { Anchor, Box, Image, Paper, Stack, Text } from '@mantine/core';
import { useEffect, useRef } from 'react';
import type { ChatMessage, ChatSide } from '@merchant/business';
import { formatBytes, formatLocalDateTime } from '@/lib/format';

/**
 * A conversation's messages as chat bubbles, the viewer's own on the right. Bodies are plain text (React writes
 * them as text: HTML a customer typed shows as the characters it is). The list is a polite live region, so a
 * screen reader hears a message as it arrives; it keeps the newest in view.
 */
export function ChatMessages({
  messages,
  viewer,
  otherName,
  typing,
  seenSeq,
  label,
  attachmentUrl,
}: {
  messages: readonly ChatMessage[];
  viewer: ChatSide;
  /** Who writes on the other side (shown over their messages when no author is named). */
  otherName: string;
  /** The other side is typing. */
  typing: boolean;
  /** The other side has read up to this seq ("Seen" under the viewer's last message it covers). */
  seenSeq: number;
  label: string;
  /** Where the viewer reads a message's file (the inbox's endpoint, or the token's). */
  attachmentUrl: (message: ChatMessage) => string;
}) {
  const end = useRef<HTMLDivElement>(null);
  useEffect(() => {
    end.current?.scrollIntoView?.({ block: 'nearest' });
  }, [messages.length, typing]);
  const lastOwn = [...messages].reverse().find((m) => m.side === viewer);
  return (
    // Focusable: a keyboard scrolls it when it overflows (the composer's file field leaves it little room on a phone).
    <Stack gap="xs" role="log" aria-live="polite" aria-label={label} tabIndex={0} style={{ overflowY: 'auto', flex: 1, minHeight: 0 }} p="xs">
      {messages.length === 0 ? (
        <Text c="dimmed" size="sm">
          No messages yet.
        </Text>
      ) : null}
      {messages.map((m) => {
        const own = m.side === viewer;
        return (
          <Box key={m.seq} style={{ alignSelf: own ? 'flex-end' : 'flex-start', maxWidth: '85%' }}>
            <Text size="xs" c="dimmed" ta={own ? 'right' : 'left'}>
              {own ? (viewer === 'staff' && m.author_name ? m.author_name : 'You') : (m.author_name ?? otherName)} · {formatLocalDateTime(m.created_at)}
            </Text>
            <Paper withBorder radius="md" px="sm" py={6} bg={own ? 'var(--mantine-color-blue-light)' : 'var(--mantine-color-body)'} data-testid="chat-message">
              {m.attachment ? <Attachment message={m} url={attachmentUrl(m)} /> : null}
              {m.body ? (
                <Text size="sm" style={{ whiteSpace: 'pre-wrap', wordBreak: 'break-word' }}>
                  {m.body}
                </Text>
              ) : null}
            </Paper>
            {lastOwn && m.seq === lastOwn.seq && seenSeq >= m.seq ? (
              <Text size="xs" c="dimmed" ta="right">
                Seen
              </Text>
            ) : null}
          </Box>
        );
      })}
      {typing ? (
        <Text size="xs" c="dimmed" fs="italic">
          {otherName} is typing…
        </Text>
      ) : null}
      <div ref={end} />
    </Stack>
  );
}

/** A message's file: an image as a thumbnail that opens it whole, a PDF as a link that downloads it. */
function Attachment({ message, url }: { message: ChatMessage; url: string }) {
  const file = message.attachment!;
  if (file.content_type === 'application/pdf') {
    return (
      <Anchor href={url} size="sm" download={file.name} style={{ wordBreak: 'break-word' }} data-testid="chat-attachment">
        {file.name} (PDF, {formatBytes(file.size_bytes)})
      </Anchor>
    );
  }
  return (
    <Anchor href={url} target="_blank" rel="noopener noreferrer" display="block" data-testid="chat-attachment" aria-label={`Open the image ${file.name}`}>
      <Image src={url} alt={file.name} maw={220} mah={220} fit="contain" radius="sm" />
    </Anchor>
  );
}
