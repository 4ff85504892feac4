import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../test';
import { DateField } from './date-field';
import { addMonths } from './month-calendar';

function Form({ initial = '' }: { initial?: string }) {
  const [day, setDay] = useState(initial);
  return (
    <>
      <DateField label="Issue date" value={day} onChange={setDay} />
      <output aria-label="iso">{day === '' ? 'none' : day}</output>
      <button type="button" onClick={() => setDay('')}>
        Clear
      </button>
      <button type="button" onClick={() => setDay('2027-01-05')}>
        Set
      </button>
    </>
  );
}

/** A parent that applies the day later, as a URL's navigation does. */
function LateForm() {
  const [day, setDay] = useState('2001-01-31');
  return <DateField label="Issue date" value={day} onChange={(next) => setTimeout(() => setDay(next), 10)} />;
}

const field = () => screen.getByRole('textbox', { name: 'Issue date' }) as HTMLInputElement;
const iso = () => screen.getByLabelText('iso').textContent;

describe('DateField', () => {
  it('shows a day as the product writes it, not the browser: 28 Nov 2026', () => {
    renderWithProviders(<Form initial="2026-11-28" />);
    expect(field().value).toBe('28 Nov 2026');
    expect(field().type).toBe('text');
  });

  it('yields the ISO day of what is typed, in the forms people type, and writes it back on leaving', () => {
    renderWithProviders(<Form />);
    fireEvent.change(field(), { target: { value: '3/2/2026' } });
    expect(iso()).toBe('2026-02-03');
    // Typing is left alone while the field has the focus...
    expect(field().value).toBe('3/2/2026');
    // ... and shown the product's way on leaving.
    fireEvent.blur(field());
    expect(field().value).toBe('3 Feb 2026');
    fireEvent.change(field(), { target: { value: '15 march 2026' } });
    expect(iso()).toBe('2026-03-15');
  });

  it('says what it wants for text that names no day, and holds no day meanwhile', () => {
    renderWithProviders(<Form initial="2026-11-28" />);
    fireEvent.change(field(), { target: { value: '31 Apr 2026' } });
    expect(iso()).toBe('none');
    expect(screen.queryByText('Enter a date like 28 Nov 2026')).toBeNull();
    fireEvent.blur(field());
    expect(screen.getByText('Enter a date like 28 Nov 2026')).toBeTruthy();
    expect(field().getAttribute('aria-invalid')).toBe('true');
    fireEvent.change(field(), { target: { value: '30 Apr 2026' } });
    expect(iso()).toBe('2026-04-30');
    expect(screen.queryByText('Enter a date like 28 Nov 2026')).toBeNull();
  });

  it('empties to no day, and follows a day set from outside (cleared filters, a reset form)', () => {
    renderWithProviders(<Form initial="2026-11-28" />);
    fireEvent.change(field(), { target: { value: '' } });
    expect(iso()).toBe('none');
    fireEvent.click(screen.getByRole('button', { name: 'Set' }));
    expect(field().value).toBe('5 Jan 2027');
    fireEvent.click(screen.getByRole('button', { name: 'Clear' }));
    expect(field().value).toBe('');
  });

  it('has a visible label tied to the input and a hint of the format', () => {
    renderWithProviders(<Form />);
    expect(field().getAttribute('placeholder')).toBe('DD Mon YYYY');
    expect(screen.getByText('Issue date').tagName).toBe('LABEL');
  });

  it('keeps what is typed when the parent applies the day late (a URL), and still says when the text names no day', async () => {
    renderWithProviders(<LateForm />);
    fireEvent.change(field(), { target: { value: '15/01/2001' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(field().value).toBe('15/01/2001');
    fireEvent.change(field(), { target: { value: '31 Feb 2001' } });
    await act(() => new Promise((resolve) => setTimeout(resolve, 30)));
    expect(field().value).toBe('31 Feb 2001');
    fireEvent.blur(field());
    expect(screen.getByText('Enter a date like 28 Nov 2026')).toBeTruthy();
  });
});

describe('DateField calendar', () => {
  const openCalendar = () => fireEvent.click(screen.getByRole('button', { name: 'Calendar for Issue date' }));
  // jsdom lays nothing out, so the popover's hiding of a dropdown whose field is out of view hides it there: the
  // calendar's buttons are found with `hidden: true` (the browser tests see it drawn, e2e/lists.e2e.ts).
  const day = (name: string) => screen.getByRole('button', { name, hidden: true });
  const shownCalendar = async () => {
    await screen.findByRole('button', { name: 'Next month', hidden: true });
    return screen.getByRole('dialog', { hidden: true });
  };

  it('opens beside the field at the chosen day, and a click on a day fills the field', async () => {
    renderWithProviders(<Form initial="2026-11-28" />);
    openCalendar();
    const dialog = await shownCalendar();
    expect(dialog.textContent).toContain('November 2026');
    expect(day('28 Nov 2026').getAttribute('aria-pressed')).toBe('true');
    // Monday first: 1 Nov 2026 is a Sunday, the last of the first row.
    const firstRow = dialog.querySelectorAll('tbody tr')[0]!;
    expect(Array.from(firstRow.querySelectorAll('td')).map((cell) => cell.textContent)).toEqual(['', '', '', '', '', '', '1']);
    fireEvent.click(day('3 Nov 2026'));
    expect(field().value).toBe('3 Nov 2026');
    expect(iso()).toBe('2026-11-03');
  });

  it('moves by day, week and month with the keys, across months, one day taking the Tab stop', async () => {
    renderWithProviders(<Form initial="2026-11-30" />);
    openCalendar();
    await shownCalendar();
    const start = day('30 Nov 2026');
    start.focus();
    fireEvent.keyDown(start, { key: 'ArrowRight' });
    expect(document.activeElement).toBe(day('1 Dec 2026'));
    expect(screen.getByRole('dialog', { hidden: true }).textContent).toContain('December 2026');
    fireEvent.keyDown(document.activeElement!, { key: 'ArrowUp' });
    expect(document.activeElement).toBe(day('24 Nov 2026'));
    fireEvent.keyDown(document.activeElement!, { key: 'PageDown' });
    expect(document.activeElement).toBe(day('24 Dec 2026'));
    fireEvent.keyDown(document.activeElement!, { key: 'Home' });
    expect(document.activeElement).toBe(day('21 Dec 2026'));
    expect(screen.getAllByRole('button', { hidden: true }).filter((b) => b.getAttribute('tabindex') === '0' && b.dataset.day)).toHaveLength(1);
    fireEvent.keyDown(document.activeElement!, { key: 'PageUp', shiftKey: true });
    expect(document.activeElement).toBe(day('21 Dec 2025'));
    fireEvent.click(document.activeElement!);
    expect(iso()).toBe('2025-12-21');
  });

  it('opens at today (marked as the current date) when no day is chosen, and the month buttons turn the page', async () => {
    renderWithProviders(<Form />);
    openCalendar();
    const dialog = await shownCalendar();
    const today = dialog.querySelector('[aria-current="date"]')!;
    expect(today).not.toBeNull();
    fireEvent.click(day('Next month'));
    expect(dialog.querySelector('[aria-current="date"]')).toBeNull();
    fireEvent.click(day('Previous month'));
    expect(dialog.querySelector('[aria-current="date"]')).not.toBeNull();
  });
});

describe('addMonths', () => {
  it('keeps the day of the month, or takes the last day of a shorter month, across years both ways', () => {
    expect(addMonths('2026-01-31', 1)).toBe('2026-02-28');
    expect(addMonths('2028-01-31', 1)).toBe('2028-02-29');
    expect(addMonths('2026-12-15', 1)).toBe('2027-01-15');
    expect(addMonths('2026-01-15', -1)).toBe('2025-12-15');
    expect(addMonths('2026-03-31', -13)).toBe('2025-02-28');
    expect(addMonths('2026-11-28', 12)).toBe('2027-11-28');
  });
});
