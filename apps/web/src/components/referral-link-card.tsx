import { Anchor, Button, Card, CopyButton, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import type { ReactNode } from 'react';

/**
 * A business's referral link and code (a partner's on its overview, a merchant's on Refer and Earn): the link to copy,
 * the code to read out, and, when given, a prepared email to share it.
 */
export function ReferralLinkCard({
  code,
  link,
  description,
  email,
}: {
  code: string;
  link: string;
  description: ReactNode;
  email?: { subject: string; body: string };
}) {
  return (
    <Card withBorder radius="md" padding="md" component="section" aria-labelledby="referral-title">
      <Title order={2} size="h4" id="referral-title" mb={4}>
        Your referral link
      </Title>
      <Text size="sm" c="dimmed" mb="sm">
        {description}
      </Text>
      <Stack gap="xs">
        <Group align="flex-end" gap="xs" wrap="wrap">
          <TextInput label="Referral link" value={link} readOnly style={{ flex: '1 1 16rem', minWidth: 0 }} />
          <CopyButton value={link}>
            {({ copied, copy }) => (
              <Button variant="light" onClick={copy}>
                {copied ? 'Link copied' : 'Copy link'}
              </Button>
            )}
          </CopyButton>
        </Group>
        <Group gap="md" wrap="wrap">
          <Text size="sm">
            Code: <strong>{code}</strong>
          </Text>
          {email ? (
            <Anchor size="sm" href={`mailto:?subject=${encodeURIComponent(email.subject)}&body=${encodeURIComponent(email.body)}`}>
              Share by email
            </Anchor>
          ) : null}
        </Group>
      </Stack>
    </Card>
  );
}
