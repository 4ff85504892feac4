import { useEffect, useId, useRef, useState, type KeyboardEvent } from 'react';
import { ActionIcon, Group, Text, UnstyledButton } from '@mantine/core';
import { IconChevronLeft, IconChevronRight } from '@tabler/icons-react';
import { addDays, formatDate, formatMonth, isoWeekday, monthEndDate, monthStartDate, type CalendarDate } from '@merchant/core';
import classes from './month-calendar.module.css';

const WEEKDAYS = [
  ['Mo', 'Monday'],
  ['Tu', 'Tuesday'],
  ['We', 'Wednesday'],
  ['Th', 'Thursday'],
  ['Fr', 'Friday'],
  ['Sa', 'Saturday'],
  ['Su', 'Sunday'],
] as const;

/** The same day of the month `months` away, or that month's last day when it is shorter (31 Jan + 1 month: 28 Feb). */
export function addMonths(day: CalendarDate, months: number): CalendarDate {
  const [year, month] = [Number(day.slice(0, 4)), Number(day.slice(5, 7)) - 1 + months];
  const first = `${String(year + Math.floor(month / 12)).padStart(4, '0')}-${String((((month % 12) + 12) % 12) + 1).padStart(2, '0')}-01`;
  const end = monthEndDate(first);
  return day.slice(8) > end.slice(8) ? end : `${first.slice(0, 8)}${day.slice(8)}`;
}

/** The weeks (Monday first) of the month of `day`: each a row of seven days, null outside the month. */
function weeksOf(day: CalendarDate): (CalendarDate | null)[][] {
  const first = monthStartDate(day);
  const last = monthEndDate(day);
  const weeks: (CalendarDate | null)[][] = [];
  let week: (CalendarDate | null)[] = Array.from({ length: isoWeekday(first) - 1 }, () => null);
  for (let d = first; d <= last; d = addDays(d, 1)) {
    week.push(d);
    if (week.length === 7) {
      weeks.push(week);
      week = [];
    }
  }
  if (week.length > 0) weeks.push([...week, ...Array.from({ length: 7 - week.length }, () => null)]);
  return weeks;
}

/** Where each key moves the focused day (the grid pattern of the ARIA practices; Shift+Page keys move a year). */
function moved(day: CalendarDate, event: KeyboardEvent): CalendarDate | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(day, -1);
    case 'ArrowRight':
      return addDays(day, 1);
    case 'ArrowUp':
      return addDays(day, -7);
    case 'ArrowDown':
      return addDays(day, 7);
    case 'Home':
      return addDays(day, 1 - isoWeekday(day));
    case 'End':
      return addDays(day, 7 - isoWeekday(day));
    case 'PageUp':
      return addMonths(day, event.shiftKey ? -12 : -1);
    case 'PageDown':
      return addMonths(day, event.shiftKey ? 12 : 1);
    default:
      return null;
  }
}

interface MonthCalendarProps {
  /** The chosen day ('' for none): the calendar opens at its month, the day marked as chosen. */
  value: CalendarDate | '';
  /** The business's today: marked, and where the calendar opens when no day is chosen. */
  today: CalendarDate;
  onPick: (day: CalendarDate) => void;
}

/**
 * A month of days to pick from, Monday first: a button per day named by its date ("28 Nov 2026"), the chosen one
 * pressed and today marked as the current date. One day at a time takes the Tab stop; the arrow keys move by a day or
 * a week, Home and End to the week's ends, Page Up and Page Down by a month (with Shift a year), crossing months as
 * they go; Enter or Space picks. Days are calendar days (ISO), so they are the business's as the field's are.
 */
export function MonthCalendar({ value, today, onPick }: MonthCalendarProps) {
  const [focused, setFocused] = useState<CalendarDate>(value || today);
  const grid = useRef<HTMLTableElement>(null);
  const moving = useRef(false);
  const headingId = useId();
  useEffect(() => {
    if (!moving.current) return;
    moving.current = false;
    grid.current?.querySelector<HTMLButtonElement>(`[data-day="${focused}"]`)?.focus();
  }, [focused]);

  const onKeyDown = (event: KeyboardEvent) => {
    const next = moved(focused, event);
    if (!next) return;
    event.preventDefault();
    moving.current = true;
    setFocused(next);
  };
  const month = (months: number) => setFocused(addMonths(focused, months));

  return (
    <div className={classes.calendar}>
      <Group justify="space-between" wrap="nowrap" mb="xs">
        <ActionIcon variant="subtle" color="gray" onClick={() => month(-1)} aria-label="Previous month">
          <IconChevronLeft size={16} aria-hidden />
        </ActionIcon>
        <Text id={headingId} fw={600} size="sm" aria-live="polite">
          {formatMonth(focused)}
        </Text>
        <ActionIcon variant="subtle" color="gray" onClick={() => month(1)} aria-label="Next month">
          <IconChevronRight size={16} aria-hidden />
        </ActionIcon>
      </Group>
      <table ref={grid} className={classes.grid} aria-labelledby={headingId} onKeyDown={onKeyDown}>
        <thead>
          <tr>
            {WEEKDAYS.map(([short, long]) => (
              <th key={long} scope="col" abbr={long}>
                {short}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {weeksOf(focused).map((week) => (
            <tr key={week.find(Boolean) ?? ''}>
              {week.map((day, i) =>
                day ? (
                  <td key={day}>
                    <UnstyledButton
                      className={classes.day}
                      data-day={day}
                      data-chosen={day === value || undefined}
                      data-today={day === today || undefined}
                      aria-label={formatDate(day)}
                      aria-pressed={day === value}
                      aria-current={day === today ? 'date' : undefined}
                      tabIndex={day === focused ? 0 : -1}
                      // Where the dialog's focus trap puts the focus when it opens.
                      data-autofocus={day === focused || undefined}
                      onFocus={() => setFocused(day)}
                      onClick={() => onPick(day)}
                    >
                      {Number(day.slice(8))}
                    </UnstyledButton>
                  </td>
                ) : (
                  <td key={`empty-${i}`} />
                ),
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
