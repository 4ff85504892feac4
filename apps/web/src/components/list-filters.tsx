import type { ReactNode } from 'react';
import { Button, Select, SimpleGrid, TextInput, type SimpleGridProps, type TextInputProps } from '@mantine/core';
import { IconSearch } from '@tabler/icons-react';
import { useUrlParams, type UrlParams } from '@/lib/use-url-params';
import { useUrlSearchText } from '@/lib/use-url-search-text';
import type { EmptyStateProps } from './empty-state';
import { DateField } from './date-field';
import { MoneyInput } from './money-input';
import { countSet, FilterBar, usePhoneFilters } from './folded-filters';
import { TimeZoneNote } from './time-zone-note';
import classes from './list-filters.module.css';

/**
 * A list's filters, kept in the URL: the search text (`?search=`, shown as typed, in the URL after a pause) and
 * the other params the screen names in `keys`. `filtered` says whether any is set; `clear` empties them all.
 */
export function useListFilters(keys: readonly string[] = ['status']) {
  const url = useUrlParams();
  const search = useUrlSearchText('search');
  /** How many filters besides the search are set (the count of a phone's "Filters (2)" button). */
  const active = countSet(url.params, keys);
  const filtered = search.value !== '' || active > 0;
  const clear = () => {
    search.setText('');
    url.clear();
  };
  return { ...url, search, active, filtered, clear };
}

export type ListFilters = ReturnType<typeof useListFilters>;

interface SearchFieldProps extends Omit<TextInputProps, 'description' | 'type'> {
  /** The visible label, also the placeholder ("Search invoices") unless `placeholder` gives a shorter one. */
  label: string;
  /** A placeholder short enough for a phone's field beside the Filters button (about 18 characters), when the label is not. */
  placeholder?: string;
  /** What the search looks in ("Number, customer name or email"): the field's description, under it from `sm` up
   * and read out with the field everywhere. */
  hint: string;
}

/** A list's search box: a short placeholder that fits a phone, and what it searches as its description. */
export function SearchField({ label, hint, placeholder = label, ...rest }: SearchFieldProps) {
  return (
    <TextInput
      type="search"
      label={label}
      placeholder={placeholder}
      description={hint}
      classNames={{ description: classes.hint }}
      leftSection={<IconSearch size={16} aria-hidden />}
      {...rest}
    />
  );
}

interface SearchAndStatusProps {
  filters: ListFilters;
  /** The search box's visible label (and placeholder), and what it searches in. */
  searchLabel: string;
  hint: string;
  /** A shorter placeholder than the label, where the label does not fit a phone's field. */
  placeholder?: string;
  searchError?: string;
  statusOptions: { value: string; label: string }[];
  /** Columns of the grid; the search and the status take the first two. */
  cols?: SimpleGridProps['cols'];
  /** More filters after the status (dates, amounts). */
  children?: ReactNode;
}

/**
 * The filter bar of a list: a search box, a status select and any further filters, in one bordered section. On a phone
 * the search stays and the others fold behind a "Filters" button (`FilterBar`).
 */
export function SearchAndStatus({
  filters,
  searchLabel,
  hint,
  placeholder,
  searchError,
  statusOptions,
  cols = { base: 1, sm: 2 },
  children,
}: SearchAndStatusProps) {
  const phone = usePhoneFilters();
  const search = (
    <SearchField
      label={searchLabel}
      hint={hint}
      placeholder={placeholder}
      value={filters.search.text}
      onChange={(e) => filters.search.setText(e.currentTarget.value)}
      error={searchError}
    />
  );
  // From `sm` up the search is the grid's first field; on a phone it stays beside the Filters button.
  return (
    <FilterBar search={phone ? search : undefined} active={filters.active} onClear={filters.clear}>
      <SimpleGrid cols={phone ? 1 : cols} spacing="sm">
        {phone ? null : search}
        <Select
          label="Status"
          placeholder="All statuses"
          data={statusOptions}
          value={filters.params.get('status')}
          onChange={(value) => filters.set('status', value)}
          clearable
        />
        {children}
      </SimpleGrid>
    </FilterBar>
  );
}

interface DateRangeFieldsProps {
  /** The two fields (`DateField`s: "From", "To"). */
  from: ReactNode;
  to: ReactNode;
  /** The business's time zone: "Times in ..." under the two fields, which it is about. */
  zone?: string;
}

/**
 * A list's day range: the From and To fields side by side (one above the other on a narrow phone, where half a width
 * would cut their placeholder) with the time zone's note under both. In a filter grid it takes two columns from `sm` up.
 */
export function DateRangeFields({ from, to, zone }: DateRangeFieldsProps) {
  return (
    <div className={classes.range} data-testid="date-range">
      {from}
      {to}
      {zone ? (
        <div className={classes.note}>
          <TimeZoneNote zone={zone} />
        </div>
      ) : null}
    </div>
  );
}

interface DateAndAmountRangeProps {
  url: Pick<UrlParams, 'params' | 'set'>;
  /** The message of the filter's field issue, if any (`from`, `to`, `min_amount`, `max_amount`). */
  issue: (key: string) => string | undefined;
  currency: string;
  /** What the dates count in, after "From" and "To" (e.g. "(UTC)"); the viewer's calendar days when absent. */
  dateNote?: string;
  /** The amount filters' labels. */
  amountLabels?: [lowest: string, highest: string];
}

/** A list's date range (`from`, `to`: calendar days) and amount range (`min_amount`, `max_amount`: minor units), in the URL. */
export function DateAndAmountRange({ url, issue, currency, dateNote, amountLabels = ['Lowest amount', 'Highest amount'] }: DateAndAmountRangeProps) {
  const { params, set } = url;
  const amount = (key: 'min_amount' | 'max_amount') => {
    const value = params.get(key);
    return value !== null && /^\d+$/.test(value) ? Number(value) : null;
  };
  const date = (key: 'from' | 'to', label: string) => (
    <DateField label={dateNote ? `${label} ${dateNote}` : label} value={params.get(key)} onChange={(day) => set(key, day || null)} error={issue(key)} />
  );
  const money = (key: 'min_amount' | 'max_amount', label: string) => (
    <MoneyInput label={label} currency={currency} value={amount(key)} onChange={(v) => set(key, v === null ? null : String(v))} error={issue(key)} />
  );
  return (
    <>
      {date('from', 'From')}
      {date('to', 'To')}
      {money('min_amount', amountLabels[0])}
      {money('max_amount', amountLabels[1])}
    </>
  );
}

interface ListEmptyOptions {
  icon: ReactNode;
  /** Words when the list has nothing at all. */
  title: string;
  description: string;
  /** Words when the filters hide every row. */
  noMatchTitle: string;
  noMatchDescription?: string;
  /** What gets the person going when there is nothing yet (a create button, if they may). */
  action?: ReactNode;
}

/** The empty state of a filterable list: "nothing yet" with its action, or "nothing matches" with Clear filters. */
export function listEmptyState(filters: Pick<ListFilters, 'filtered' | 'clear'>, options: ListEmptyOptions): EmptyStateProps {
  if (!filters.filtered) return { icon: options.icon, title: options.title, description: options.description, action: options.action };
  return {
    icon: options.icon,
    title: options.noMatchTitle,
    description: options.noMatchDescription ?? 'Try another search or status.',
    action: (
      <Button variant="default" onClick={filters.clear}>
        Clear filters
      </Button>
    ),
  };
}
