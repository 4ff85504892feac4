import { useEffect, useState, type ReactNode } from 'react';
import { Anchor, Box, Group, Paper, Stack, Table, Text } from '@mantine/core';
import { useMediaQuery } from '@mantine/hooks';
import { Link } from 'react-router';
import classes from './data-list.module.css';
import { EMPTY_VALUE } from '@merchant/core';
import { LongText, withWrapPoints } from './long-text';

/**
 * Where a column shows on a phone's card: `title` (the card's main text, linked to the row's detail),
 * `amount` and `status` (top right), `secondary` (small text under the title), `actions` (buttons at the
 * bottom), `meta` (small "Header value" lines; the default) or `none` (table only).
 */
export type CardPlace = 'title' | 'amount' | 'status' | 'secondary' | 'actions' | 'meta' | 'none';

export interface Column<T> {
  header: string;
  cell: (row: T) => ReactNode;
  card?: CardPlace;
  /** In the table, the cell that carries the link to the row's detail (default: the title's). */
  link?: boolean;
  /** Keep the cell on one line in the table (amounts, dates, badges). */
  nowrap?: boolean;
  /** Right-aligned in the table (figures to compare down a column). */
  align?: 'right';
  /** In the table, the row's header cell (`th scope="row"`): a report's or a document's row label. */
  rowHeader?: boolean;
  /** Left out of the table when it is empty ("—" or nothing) on every row shown (a phone number nobody gave). */
  hideWhenEmpty?: boolean;
  /**
   * In the table, shown only from this breakpoint up: a column a laptop's width can spare, so the others fit without
   * scrolling sideways (the phone's card and the row's detail still show it).
   */
  tableFrom?: 'lg' | 'xl';
}

export interface DataListProps<T> {
  /** The list's name (the table's and the cards' accessible name). */
  label: string;
  rows: readonly T[];
  /** The row's key (its index for rows without an id, such as a document's lines). */
  rowKey: (row: T, index: number) => string;
  columns: readonly Column<T>[];
  /** The row's detail screen, when it has one. */
  rowHref?: (row: T) => string | undefined;
  /** The width under which the table scrolls sideways (at md and over). */
  minWidth?: number;
  striped?: boolean;
  /** Rows to draw in the danger colour (a file's rows that cannot be imported). */
  flagged?: (row: T) => boolean;
  /** A closing line (a total): its label, and its value under the last column. */
  total?: { label: ReactNode; value: ReactNode };
}

/** Below Mantine's `md` breakpoint a list is a stack of cards. */
const NARROW = '(max-width: 61.99em)';

/**
 * One way to show rows: a table at `md` and over, a stack of compact cards below it (title, amount, status,
 * secondary text, the other columns as small lines, the actions as buttons; the card links to the row's detail).
 * Columns are declared once, with their place on the card. Loading, error, empty and paging: `PagedTable`.
 */
export function DataList<T>(props: DataListProps<T>) {
  const narrow = useMediaQuery(NARROW, false, { getInitialValueInEffect: false });
  return narrow ? <CardList {...props} /> : <RowTable {...props} />;
}

function place<T>(column: Column<T>): CardPlace {
  return column.card ?? 'meta';
}

/**
 * A cell's content. Text that may hold a long value (an email, a link) wraps before its "@" and its dots, never in the
 * middle of a word (`wrapPoints`; the cells keep `overflow-wrap: break-word`, so a table never squeezes a column to
 * single letters); a cell on one line (`nowrap`) is drawn as it is.
 */
function content<T>(column: Column<T>, row: T): ReactNode {
  const value = column.cell(row);
  if (value === EMPTY_VALUE)
    return (
      <Text span c="dimmed" inherit>
        {EMPTY_VALUE}
      </Text>
    );
  if (column.nowrap) return value;
  // One word (an email, a reference, an id): a long value, kept whole in a table while the table has room.
  if (typeof value === 'string' && value !== '' && !/\s/.test(value)) return <LongText>{value}</LongText>;
  // A few ordinary words (a purpose, a name: "Office beans, period 1") keep their line in a table; a longer text wraps.
  if (typeof value === 'string' && value.length <= SHORT_PHRASE) return <span data-phrase="">{value}</span>;
  return withWrapPoints(value);
}

/** Text up to this many characters is a phrase that a table keeps on one line (longer text wraps). */
const SHORT_PHRASE = 28;

/** What a cell holds when it has no value: nothing, or the dash that says so in a table. */
const isEmpty = (value: ReactNode) => value === '' || value === EMPTY_VALUE || value === null || value === undefined || value === false;

/** A cell's content, or null when it has nothing to show (a card leaves the line out rather than show a lone "—"). */
function shown<T>(column: Column<T>, row: T): ReactNode {
  return isEmpty(column.cell(row)) ? null : content(column, row);
}

/** The table's columns: those that `hideWhenEmpty` and are empty on every row are left out. */
function tableColumns<T>(columns: readonly Column<T>[], rows: readonly T[]): readonly Column<T>[] {
  if (rows.length === 0 || !columns.some((c) => c.hideWhenEmpty)) return columns;
  return columns.filter((c) => !c.hideWhenEmpty || rows.some((row) => !isEmpty(c.cell(row))));
}

const FLAGGED = { background: 'var(--mantine-color-red-light)' } as const;

/**
 * Whether an element scrolls sideways, kept current as it or its content changes size: a table wider than its place
 * scrolls, and a region that scrolls must be reachable by the keyboard (axe's scrollable-region-focusable) even when
 * none of its rows holds a link.
 */
function useScrollsSideways(): [(el: HTMLDivElement | null) => void, boolean] {
  const [el, setEl] = useState<HTMLDivElement | null>(null);
  const [scrolls, setScrolls] = useState(false);
  useEffect(() => {
    if (!el) return;
    const check = () => setScrolls(el.scrollWidth > el.clientWidth + 1);
    check();
    const observer = new ResizeObserver(check);
    observer.observe(el);
    if (el.firstElementChild) observer.observe(el.firstElementChild);
    return () => observer.disconnect();
  }, [el]);
  return [setEl, scrolls];
}

function RowTable<T>({ label, rows, rowKey, columns: declared, rowHref, minWidth = 640, striped = true, total, flagged }: DataListProps<T>) {
  const columns = tableColumns(declared, rows);
  const linkColumn = columns.find((c) => c.link) ?? columns.find((c) => place(c) === 'title');
  const [viewportRef, scrolls] = useScrollsSideways();
  return (
    <Table.ScrollContainer
      minWidth={minWidth}
      scrollAreaProps={{ viewportRef, viewportProps: scrolls ? { tabIndex: 0, role: 'region', 'aria-label': `${label}, scrolls sideways` } : {} }}
    >
      <Table striped={striped} verticalSpacing="sm" aria-label={label} className={classes.table}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((c) => (
              <Table.Th key={c.header} scope="col" ta={c.align} visibleFrom={c.tableFrom}>
                {c.header}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row, index) => {
            const to = rowHref?.(row);
            return (
              <Table.Tr key={rowKey(row, index)} style={flagged?.(row) ? FLAGGED : undefined}>
                {columns.map((c) => {
                  const Cell = c.rowHeader ? Table.Th : Table.Td;
                  return (
                    <Cell
                      key={c.header}
                      scope={c.rowHeader ? 'row' : undefined}
                      fw={c.rowHeader ? 400 : undefined}
                      ta={c.align}
                      visibleFrom={c.tableFrom}
                      style={c.nowrap ? { whiteSpace: 'nowrap' } : { overflowWrap: 'break-word' }}
                    >
                      {to && c === linkColumn ? (
                        <Anchor component={Link} to={to} fw={500}>
                          {content(c, row)}
                        </Anchor>
                      ) : (
                        content(c, row)
                      )}
                    </Cell>
                  );
                })}
              </Table.Tr>
            );
          })}
        </Table.Tbody>
        {total ? (
          <Table.Tfoot>
            <Table.Tr>
              <Table.Th scope="row" colSpan={columns.length - 1}>
                {total.label}
              </Table.Th>
              <Table.Td ta={columns.at(-1)?.align} style={{ whiteSpace: 'nowrap' }} fw={700}>
                {total.value}
              </Table.Td>
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}

function CardList<T>({ label, rows, rowKey, columns, rowHref, total, flagged }: DataListProps<T>) {
  const of = (p: CardPlace) => columns.filter((c) => place(c) === p);
  const [title, amount, status, secondary, actions] = [of('title'), of('amount'), of('status'), of('secondary'), of('actions')];
  // Figures to compare (right-aligned columns) sit in a row of equal columns, label over value, the same on every card;
  // the other columns are small "Header value" lines.
  const figures = of('meta').filter((c) => c.align === 'right');
  const meta = of('meta').filter((c) => c.align !== 'right');
  return (
    <Stack gap="xs">
      <Stack component="ul" gap="xs" aria-label={label} p={0} m={0} style={{ listStyle: 'none' }}>
        {rows.map((row, index) => {
          const to = rowHref?.(row);
          const titleText = title.map((c) => <span key={c.header}>{content(c, row)}</span>);
          const metaLines = meta.map((c) => ({ c, value: shown(c, row) })).filter(({ value }) => value !== null);
          return (
            <Paper
              key={rowKey(row, index)}
              component="li"
              withBorder
              radius="md"
              p="sm"
              className={classes.card}
              style={flagged?.(row) ? { ...FLAGGED, borderColor: 'var(--mantine-color-red-filled)' } : undefined}
            >
              {/* The title keeps its width: where amount and status do not fit beside it, they move to a line of their own under it. */}
              <div className={classes.head}>
                <Stack gap={2} className={classes.main} data-card-main>
                  <Text fw={600} size="sm">
                    {to ? (
                      <Anchor component={Link} to={to} inherit className={classes.stretched}>
                        {titleText}
                      </Anchor>
                    ) : (
                      titleText
                    )}
                  </Text>
                  {secondary.map((c) => {
                    const value = shown(c, row);
                    return value === null ? null : (
                      <Box key={c.header} fz="xs" c="dimmed">
                        {value}
                      </Box>
                    );
                  })}
                </Stack>
                {amount.length + status.length > 0 ? (
                  <Stack gap={4} align="flex-end" className={classes.side}>
                    {amount.map((c) => (
                      <Box key={c.header} fw={600} fz="sm" style={{ whiteSpace: 'nowrap' }}>
                        {c.cell(row)}
                      </Box>
                    ))}
                    {status.map((c) => (
                      <Box key={c.header} fz="xs">
                        {c.cell(row)}
                      </Box>
                    ))}
                  </Stack>
                ) : null}
              </div>
              {figures.length > 0 ? (
                <div className={classes.figures} style={{ gridTemplateColumns: `repeat(${Math.min(figures.length, 3)}, minmax(0, 1fr))` }}>
                  {figures.map((c) => (
                    <div key={c.header}>
                      <Box fz="xs" c="dimmed">
                        {c.header}
                      </Box>
                      <Box fz="xs" style={{ whiteSpace: 'nowrap' }}>
                        {c.cell(row)}
                      </Box>
                    </div>
                  ))}
                </div>
              ) : null}
              {/* One small line per column, label then value, the same on every card (the value wraps, never the label). */}
              {metaLines.length > 0 ? (
                <Stack gap={2} mt={6} fz="xs" c="dimmed" data-card-meta>
                  {metaLines.map(({ c, value }) => (
                    <Group key={c.header} gap={4} wrap="nowrap" align="baseline" style={{ minWidth: 0 }}>
                      <span style={{ whiteSpace: 'nowrap', flexShrink: 0 }}>{c.header}</span>
                      <Box c="var(--mantine-color-text)" style={{ overflowWrap: 'break-word', minWidth: 0 }}>
                        {value}
                      </Box>
                    </Group>
                  ))}
                </Stack>
              ) : null}
              {actions.length > 0 ? (
                <Group gap="xs" mt="sm" className={classes.above}>
                  {actions.map((c) => (
                    <Box key={c.header}>{c.cell(row)}</Box>
                  ))}
                </Group>
              ) : null}
            </Paper>
          );
        })}
      </Stack>
      {total ? (
        <Group justify="space-between" px="sm" fz="sm" fw={700}>
          <span>{total.label}</span>
          <span style={{ whiteSpace: 'nowrap' }}>{total.value}</span>
        </Group>
      ) : null}
    </Stack>
  );
}
