import { WEEKDAYS, type Location } from '@merchant/catalogue';

const SHORT: Record<(typeof WEEKDAYS)[number], string> = {
  monday: 'Mon',
  tuesday: 'Tue',
  wednesday: 'Wed',
  thursday: 'Thu',
  friday: 'Fri',
  saturday: 'Sat',
  sunday: 'Sun',
};

/** "Mon–Fri 08:00–18:00 · Sat 09:00–16:00": runs of days with the same hours; closed days left out; "Closed" when never open. */
export function hoursSummary(hours: Location['opening_hours']): string {
  const runs: { from: string; to: string; text: string }[] = [];
  for (const day of WEEKDAYS) {
    const h = hours[day];
    const text = h ? `${h.opens}–${h.closes}` : '';
    const last = runs[runs.length - 1];
    const previous = WEEKDAYS[WEEKDAYS.indexOf(day) - 1];
    if (last && text && last.text === text && previous === last.to) last.to = day;
    else if (text) runs.push({ from: day, to: day, text });
  }
  if (runs.length === 0) return 'Closed';
  return runs.map((r) => `${SHORT[r.from as keyof typeof SHORT]}${r.from === r.to ? '' : `–${SHORT[r.to as keyof typeof SHORT]}`} ${r.text}`).join(' · ');
}
