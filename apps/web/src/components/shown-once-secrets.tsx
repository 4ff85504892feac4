import type { ReactNode } from 'react';
import { ActionIcon, Alert, Button, Code, CopyButton, Group, Stack, Text, Tooltip } from '@mantine/core';
import { IconCheck, IconCopy } from '@tabler/icons-react';

/** A secret shown this once, with a copy button named after it. */
export function ShownOnceSecret({ label, value }: { label: string; value: string }) {
  return (
    <Stack gap={4}>
      <Text size="sm" fw={600}>
        {label}
      </Text>
      <Group gap="xs" wrap="nowrap" align="flex-start">
        <Code block style={{ flex: 1, minWidth: 0, wordBreak: 'break-word', whiteSpace: 'pre-wrap' }} data-secret={label}>
          {value}
        </Code>
        <CopyButton value={value}>
          {({ copied, copy }) => (
            <Tooltip label={copied ? 'Copied' : `Copy ${label.toLowerCase()}`}>
              <ActionIcon variant="subtle" onClick={copy} aria-label={`Copy ${label.toLowerCase()}`}>
                {copied ? <IconCheck size={16} aria-hidden /> : <IconCopy size={16} aria-hidden />}
              </ActionIcon>
            </Tooltip>
          )}
        </CopyButton>
      </Group>
    </Stack>
  );
}

/**
 * A key and its salt, answered in full only when they are made (API keys, plugin integrations): shown once in a
 * box with copy buttons, until the person says they have copied them.
 */
export function ShownOnceKey({ title, apiKey, salt, note, onDone }: { title: string; apiKey: string; salt: string; note?: ReactNode; onDone: () => void }) {
  return (
    <Alert color="yellow" title={title} role="region" aria-label={title}>
      <Stack gap="sm">
        <Text size="sm">This is the only time the key and its salt are shown in full. Keep them on your server, never in a browser or an app.</Text>
        {note}
        <ShownOnceSecret label="API key" value={apiKey} />
        <ShownOnceSecret label="Salt" value={salt} />
        <Group justify="flex-end">
          <Button variant="default" onClick={onDone}>
            I have copied them
          </Button>
        </Group>
      </Stack>
    </Alert>
  );
}
