import type { ReactNode } from 'react';
import { Button, Center, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';

export interface StatusPageProps {
  code?: string;
  title: string;
  message: ReactNode;
  /** Where "Go to the dashboard" leads (the app passes its start route). */
  homeHref: string;
  /** Replaces the link home. */
  action?: ReactNode;
}

/** A whole-page message (404, no access): h1, explanation, a way out. */
export function StatusPage({ code, title, message, homeHref, action }: StatusPageProps) {
  return (
    <Center mih="60dvh" p="md">
      <Stack align="center" ta="center" gap="sm" maw={480}>
        {code ? (
          <Text c="dimmed" fw={700} size="xl" aria-hidden>
            {code}
          </Text>
        ) : null}
        <Title order={1}>{title}</Title>
        <Text c="dimmed">{message}</Text>
        {action ?? (
          <Button component={Link} to={homeHref} mt="sm">
            Go to the dashboard
          </Button>
        )}
      </Stack>
    </Center>
  );
}

export function NotFound({ homeHref }: { homeHref: string }) {
  return (
    <StatusPage homeHref={homeHref} code="404" title="Page not found" message="The page you are looking for does not exist, or you do not have access to it." />
  );
}

export function NoAccess({ homeHref }: { homeHref: string }) {
  return (
    <StatusPage
      homeHref={homeHref}
      code="403"
      title="You don't have access"
      message="Your role in this business does not include this page. Ask the business owner or an admin if you need it."
    />
  );
}
