import type { ReactNode } from 'react';
import { ActionIcon, Button, Group, Menu } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconDots } from '@tabler/icons-react';
import { Link } from 'react-router';

/** An entry a screen leaves out by writing `condition && entry`. */
export type Maybe<T> = T | false | null | undefined | '';

/** One action of a screen's header (a list's or a record's): a button at the top right, or an item of its "More actions" menu. */
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

/** Under Mantine's `sm` breakpoint the actions other than the primary one collapse into a menu. */
const PHONE = '(max-width: 47.99em)';

export const present = <T,>(items: readonly Maybe<T>[] | undefined): T[] => (items ?? []).filter((item): item is T => Boolean(item));

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

/**
 * A header's actions: the buttons, and "More actions" for those marked `more` (at every width) and, on a phone, every
 * one but the primary one (and its other half).
 */
export function DetailActions({ actions }: { actions: DetailAction[] }) {
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
