import { describe, expect, it } from 'vitest';
import { act, fireEvent, screen } from '@testing-library/react';
import { useState } from 'react';
import { renderWithProviders } from '../test';
import { DateField } from './date-field';

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
    expect(field().getAttribute('placeholder')).toBe('e.g. 28 Nov 2026');
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
