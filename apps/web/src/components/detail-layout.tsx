import type { ReactNode } from 'react';
import { ActionIcon, Anchor, CopyButton, Grid, Group, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { IconArrowLeft, IconCheck, IconCopy } from '@tabler/icons-react';
import { Link } from 'react-router';
import { wrapPoints, withWrapPoints } from './long-text';
import { DetailActions, present, type DetailAction, type Maybe } from './page-actions';

export type { DetailAction } from './page-actions';

/** One key fact under the title: an amount, a date, an id (with `copy`, copyable). */
export interface DetailFact {
  label: string;
  value: ReactNode;
  /** The text a copy button copies (ids, links). */
  copy?: string;
}

export interface DetailLayoutProps {
  /** The list this record belongs to: the back link above the title. */
  back?: { to: string; label: string };
  title: string;
  /** The record's status, a `<StatusBadge />`, beside the title. */
  status?: ReactNode;
  /** A line under the title (a subtitle, an email). */
  description?: ReactNode;
  facts?: readonly Maybe<DetailFact>[];
  /** Falsy entries are left out, so screens write `canEdit && { ... }`. */
  actions?: readonly Maybe<DetailAction>[];
  /** The side column (timeline, links, a QR code): beside the main column at `md` and over, under it on a phone. */
  side?: ReactNode;
  /** Full-width content under both columns (a long list). */
  below?: ReactNode;
  /** The main column. */
  children?: ReactNode;
}

/**
 * The one frame of a record's screen: a back link to its list, the title with its status, a row of key facts,
 * the actions at the top right (on a phone the primary one stays and the others go into "More actions"), and a
 * main column with an optional side column that stacks under it on a phone.
 */
export function DetailLayout({ back, title, status, description, facts, actions, side, below, children }: DetailLayoutProps) {
  const shownFacts = present(facts);
  return (
    <Stack gap="lg">
      <Stack gap="xs">
        {back ? (
          <Anchor component={Link} to={back.to} size="sm" w="fit-content">
            <Group gap={4} component="span" wrap="nowrap">
              <IconArrowLeft size={14} aria-hidden /> {back.label}
            </Group>
          </Anchor>
        ) : null}
        {/* The title block is as wide as its text: where the actions beside it would make it break onto another line
            ("Screens / club"), they move under it instead. */}
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: '1 1 auto' }}>
            <Group gap="sm" align="center" wrap="wrap">
              <Title order={1} fz={{ base: 'h2', sm: 'h1' }} style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                {wrapPoints(title)}
              </Title>
              {status ? <div data-testid="detail-status">{status}</div> : null}
            </Group>
            {description ? (
              <Text c="dimmed" size="sm" component="div" style={{ overflowWrap: 'break-word' }}>
                {withWrapPoints(description)}
              </Text>
            ) : null}
          </Stack>
          <DetailActions actions={present(actions)} />
        </Group>
        {shownFacts.length > 0 ? <FactsRow facts={shownFacts} /> : null}
      </Stack>
      {side ? (
        <Grid gutter="md">
          <Grid.Col span={{ base: 12, md: 8 }}>
            <Stack gap="md">{children}</Stack>
          </Grid.Col>
          <Grid.Col span={{ base: 12, md: 4 }}>
            <Stack gap="md">{side}</Stack>
          </Grid.Col>
        </Grid>
      ) : (
        children
      )}
      {below}
    </Stack>
  );
}

function FactsRow({ facts }: { facts: DetailFact[] }) {
  return (
    <Paper withBorder radius="md" px={{ base: 'md', sm: 'lg' }} py="sm" component="section" aria-label="Key facts">
      <SimpleGrid component="dl" cols={{ base: 1, xs: 2, md: Math.min(facts.length, 4) }} spacing="md" verticalSpacing="xs" m={0}>
        {facts.map((fact) => (
          <div key={fact.label} style={{ minWidth: 0 }}>
            <Text component="dt" size="xs" c="dimmed" tt="uppercase" fw={600}>
              {fact.label}
            </Text>
            <Group component="dd" gap={4} wrap="nowrap" m={0} fz="sm" fw={500}>
              <span style={{ overflowWrap: 'break-word', minWidth: 0 }}>{withWrapPoints(fact.value)}</span>
              {fact.copy ? <CopyText value={fact.copy} label={fact.label} /> : null}
            </Group>
          </div>
        ))}
      </SimpleGrid>
    </Paper>
  );
}

function CopyText({ value, label }: { value: string; label: string }) {
  return (
    <CopyButton value={value}>
      {({ copied, copy }) => (
        <Tooltip label={copied ? 'Copied' : 'Copy'} withArrow>
          <ActionIcon
            variant="subtle"
            color={copied ? 'teal' : 'gray'}
            size="sm"
            onClick={copy}
            aria-label={copied ? `${label} copied` : `Copy ${label.toLowerCase()}`}
          >
            {copied ? <IconCheck size={14} aria-hidden /> : <IconCopy size={14} aria-hidden />}
          </ActionIcon>
        </Tooltip>
      )}
    </CopyButton>
  );
}
