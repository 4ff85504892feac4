import type { ReactNode } from 'react';
import { ActionIcon, Anchor, Button, CopyButton, Grid, Group, Menu, Paper, SimpleGrid, Stack, Text, Title, Tooltip } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconArrowLeft, IconCheck, IconCopy, IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';
import { wrapPoints, withWrapPoints } from './long-text';

/** An entry a screen leaves out by writing `condition && entry`. */
type Maybe<T> = T | false | null | undefined | '';

/** One action of a detail screen: a button at the top right, or an item of its "More actions" menu. */
export interface DetailAction {
  label: string;
  icon?: ReactNode;
  /** What it does: a click, a screen of the app (`to`) or a file or outside page (`href`). */
  onClick?: () => void;
  to?: string;
  href?: string;
  /** Download the `href` (a file name when given). */
  download?: boolean | string;
  /** The screen's main action: a filled button, kept as a button on a phone. */
  primary?: boolean;
  danger?: boolean;
  loading?: boolean;
  disabled?: boolean;
  /** Always in the "More actions" menu (rare or destructive actions), on every width. */
  more?: boolean;
  /** Stays a button on a phone beside the primary one: the other half of a decision (Reject beside Approve). */
  keepOnPhone?: boolean;
  /** A longer accessible name than the label (e.g. which transfer "Approve" approves). */
  ariaLabel?: string;
}

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

/** Under Mantine's `sm` breakpoint the actions other than the primary one collapse into a menu. */
const PHONE = '(max-width: 47.99em)';
/** The narrowest a title gets beside the actions (about 14 characters of a phone's heading). */
const TITLE_MIN = '14rem';

const present = <T,>(items: readonly Maybe<T>[] | undefined): T[] => (items ?? []).filter((item): item is T => Boolean(item));

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
        {/* The title keeps at least TITLE_MIN: where the actions would squeeze it below that, they move under it. */}
        <Group justify="space-between" align="flex-start" gap="sm" wrap="wrap">
          <Stack gap={4} style={{ minWidth: 0, flex: `1 1 ${TITLE_MIN}` }}>
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

function ActionButton({ action }: { action: DetailAction }) {
  const props = {
    variant: action.primary ? 'filled' : 'default',
    color: action.danger ? 'red' : undefined,
    leftSection: action.icon,
    loading: action.loading,
    disabled: action.disabled,
    'aria-label': action.ariaLabel,
    children: action.label,
  } as const;
  if (action.to) return <Button component={Link} to={action.to} {...props} />;
  if (action.href) return <Button component="a" href={action.href} download={action.download} {...props} />;
  return <Button onClick={action.onClick} {...props} />;
}

function ActionItem({ action }: { action: DetailAction }) {
  const props = {
    color: action.danger ? 'red' : undefined,
    leftSection: action.icon,
    disabled: action.disabled || action.loading,
    'aria-label': action.ariaLabel,
    children: action.label,
  } as const;
  if (action.to) return <Menu.Item component={Link} to={action.to} {...props} />;
  if (action.href) return <Menu.Item component="a" href={action.href} download={action.download} {...props} />;
  return <Menu.Item onClick={action.onClick} {...props} />;
}

function DetailActions({ actions }: { actions: DetailAction[] }) {
  const phone = useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
  if (actions.length === 0) return null;
  // On a phone one button stays (the primary one, or the only action), with its other half if it has one; the rest
  // go into the menu.
  const keep = (action: DetailAction) => !action.more && (!phone || action.primary || action.keepOnPhone || actions.length === 1);
  const buttons = actions.filter(keep);
  const menu = actions.filter((action) => !keep(action));
  return (
    <Group gap="xs" justify="flex-end" wrap={phone ? 'nowrap' : 'wrap'} style={{ flexShrink: 0, maxWidth: '100%' }} data-testid="detail-actions">
      {buttons.map((action) => (
        <ActionButton key={action.label} action={action} />
      ))}
      {menu.length > 0 ? (
        <Menu position="bottom-end" withinPortal>
          <Menu.Target>
            {phone ? (
              <ActionIcon variant="default" size="lg" aria-label="More actions">
                <IconDots size={18} aria-hidden />
              </ActionIcon>
            ) : (
              <Button variant="default" rightSection={<IconDots size={16} aria-hidden />}>
                More actions
              </Button>
            )}
          </Menu.Target>
          <Menu.Dropdown>
            {menu.map((action) => (
              <ActionItem key={action.label} action={action} />
            ))}
          </Menu.Dropdown>
        </Menu>
      ) : null}
    </Group>
  );
}
