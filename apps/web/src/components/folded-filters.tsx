import { useEffect, useId, useRef, useState, type KeyboardEvent, type ReactNode } from 'react';
import { Box, Button, Group, Paper, Stack } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { IconAdjustmentsHorizontal } from '@tabler/icons-react';

/** Under Mantine's `sm` breakpoint (a phone) a list's filters other than its search fold behind one button. */
const PHONE = '(max-width: 47.99em)';

/** Whether the window is a phone's (under `sm`), known at the first render. */
export function usePhoneFilters(): boolean {
  return useMediaQuery(PHONE, false, { getInitialValueInEffect: false });
}

/** How many of `keys` the URL sets: the count a folded filter button shows. */
export function countSet(params: URLSearchParams, keys: readonly string[]): number {
  return keys.filter((key) => Boolean(params.get(key))).length;
}

interface FoldedFiltersProps {
  /** The search box: always in view, beside the button on a phone. */
  search?: ReactNode;
  /** How many of the folded filters are set: the button says it ("Filters (2)"). */
  active: number;
  /** Empties every filter: "Clear filters" in the open panel while one is set. */
  onClear?: () => void;
  /** The filters (and their notes) that fold on a phone. */
  children: ReactNode;
}

/**
 * A list's filters on a phone: the search stays in view and the other filters fold behind one "Filters" button that
 * counts those set ("Filters (2)"). The button says whether its panel is open (`aria-expanded`, `aria-controls`);
 * opening moves the focus into the panel, and Escape or Done close it and put the focus back on the button. The
 * fields stay mounted while folded, so what is being typed survives. From `sm` up it draws `search` and the filters
 * as they are, in the screen's own layout.
 */
export function FoldedFilters({ search, active, onClear, children }: FoldedFiltersProps) {
  const phone = usePhoneFilters();
  const [open, setOpen] = useState(false);
  const button = useRef<HTMLButtonElement>(null);
  const panel = useRef<HTMLDivElement>(null);
  const panelId = useId();
  const buttonId = useId();
  useEffect(() => {
    if (open) panel.current?.focus();
  }, [open]);

  if (!phone) {
    return (
      <>
        {search}
        {children}
      </>
    );
  }

  const close = () => {
    setOpen(false);
    button.current?.focus();
  };
  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    // Escape in an open select closes its options first (the select says so with its own aria-expanded); one in a
    // field's own pop-up (a calendar, drawn elsewhere in the page) closes that pop-up only.
    const target = event.target as HTMLElement;
    if (event.key !== 'Escape' || !event.currentTarget.contains(target) || target.getAttribute('aria-expanded') === 'true') return;
    event.preventDefault();
    close();
  };

  const fields = (
    <Stack gap="sm">
      {children}
      <Group justify="flex-end" gap="xs">
        {onClear && active > 0 ? (
          <Button variant="subtle" onClick={onClear}>
            Clear filters
          </Button>
        ) : null}
        <Button variant="default" onClick={close}>
          Done
        </Button>
      </Group>
    </Stack>
  );

  return (
    <Stack gap="sm">
      {/* Without a search the button stands alone at the right, above the list; its open panel gets the frame. */}
      <Group gap="xs" align="flex-end" justify={search ? undefined : 'flex-end'} wrap="nowrap">
        {search ? <Box style={{ flex: 1, minWidth: 0 }}>{search}</Box> : null}
        <Button
          ref={button}
          id={buttonId}
          variant={active > 0 ? 'light' : 'default'}
          leftSection={<IconAdjustmentsHorizontal size={16} aria-hidden />}
          aria-expanded={open}
          aria-controls={panelId}
          onClick={() => setOpen((was) => !was)}
          style={{ flexShrink: 0 }}
        >
          {active > 0 ? `Filters (${active})` : 'Filters'}
        </Button>
      </Group>
      <div id={panelId} ref={panel} role="group" aria-labelledby={buttonId} tabIndex={-1} hidden={!open} onKeyDown={onKeyDown} style={{ outlineOffset: 4 }}>
        {search ? (
          fields
        ) : (
          <Paper withBorder radius="md" p="sm">
            {fields}
          </Paper>
        )}
      </div>
    </Stack>
  );
}

/**
 * A list's filter bar: one section named `label`, framed, holding the search and the filters (folded behind "Filters"
 * on a phone: `FoldedFilters`). On a phone a bar without a search has no frame: its Filters button stands at the
 * right above the list, and the frame is the open panel's.
 */
export function FilterBar({ label = 'Filters', ...props }: FoldedFiltersProps & { label?: string }) {
  const phone = usePhoneFilters();
  const folded = <FoldedFilters {...props} />;
  if (phone && !props.search) {
    return (
      <Box component="section" aria-label={label}>
        {folded}
      </Box>
    );
  }
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-label={label}>
      {folded}
    </Paper>
  );
}
