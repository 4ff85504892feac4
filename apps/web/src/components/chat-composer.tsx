import { Button, FileInput, Group, Stack, Textarea } from '@mantine/core';
import type { UseMutationResult } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { CHAT_ATTACHMENT_ACCEPT, MAX_CHAT_ATTACHMENT_SIZE_LABEL, MAX_CHAT_MESSAGE_LENGTH, type ChatMessage } from '@merchant/business';
import { ApiError } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';

/** What a file is sent with: the file and the message's optional text. */
export interface ChatFileUpload {
  file: File;
  body: string;
}

/** How long until a refused message may be sent again, in words. */
const waitFor = (seconds: number) =>
  seconds < 60 ? `${seconds} second${seconds === 1 ? '' : 's'}` : `${Math.ceil(seconds / 60)} minute${Math.ceil(seconds / 60) === 1 ? '' : 's'}`;

/** A refusal as its field shows it: the answer's message, and when a rate limit says when, the time left. */
export function refusalMessage(error: unknown): string {
  const message = errorMessage(error);
  if (error instanceof ApiError && error.status === 429 && error.retryAfterSeconds !== null && error.retryAfterSeconds > 0)
    return `${message} You can send again in ${waitFor(error.retryAfterSeconds)}.`;
  return message;
}

/**
 * The writing box of a chat (the customer's page and the staff's inbox): a text, an optional file (an image or a PDF,
 * sent with the text when there is one) and a send button. Enter sends, Shift+Enter starts a new line. The text's
 * refusal shows on the text, the file's on the file, once (the callers' mutations are silent: no snackbar), with the
 * time left when a rate limit refused it.
 */
export function ChatComposer({
  textLabel,
  sendLabel,
  sendText,
  sendFile,
  onSent,
  onTyping,
  before,
}: {
  textLabel: string;
  sendLabel: string;
  sendText: UseMutationResult<ChatMessage, Error, string>;
  sendFile: UseMutationResult<ChatMessage, Error, ChatFileUpload>;
  onSent: (message: ChatMessage) => void;
  onTyping: () => void;
  /** Shown above the text, given a way to add to it (the inbox's canned replies). */
  before?: (append: (text: string) => void) => ReactNode;
}) {
  const [body, setBody] = useState('');
  const [file, setFile] = useState<File | null>(null);
  const send = (event?: React.FormEvent) => {
    event?.preventDefault();
    const done = (message: ChatMessage) => {
      setBody('');
      setFile(null);
      onSent(message);
    };
    if (file) sendFile.mutate({ file, body }, { onSuccess: done });
    else if (body.trim()) sendText.mutate(body, { onSuccess: done });
  };
  return (
    <form onSubmit={send} noValidate>
      <Stack gap={6} mt="xs">
        {before?.((text) => setBody((b) => (b ? `${b}\n${text}` : text)))}
        <Textarea
          label={textLabel}
          autosize
          minRows={2}
          maxRows={6}
          maxLength={MAX_CHAT_MESSAGE_LENGTH}
          value={body}
          error={sendText.isError && !file ? refusalMessage(sendText.error) : undefined}
          onChange={(e) => {
            setBody(e.currentTarget.value);
            onTyping();
          }}
          onKeyDown={(e) => {
            if (e.key === 'Enter' && !e.shiftKey) send(e);
          }}
        />
        <Group justify="space-between" align="flex-end" gap="xs" wrap="wrap">
          <FileInput
            label="Attach a file"
            description={`An image or a PDF, up to ${MAX_CHAT_ATTACHMENT_SIZE_LABEL}`}
            accept={CHAT_ATTACHMENT_ACCEPT}
            clearable
            value={file}
            onChange={(next) => {
              setFile(next);
              sendFile.reset();
            }}
            error={sendFile.isError ? refusalMessage(sendFile.error) : undefined}
            style={{ flex: '1 1 200px', minWidth: 0 }}
          />
          <Button type="submit" loading={sendText.isPending || sendFile.isPending}>
            {sendLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
