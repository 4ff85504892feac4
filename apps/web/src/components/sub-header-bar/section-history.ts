import { useEffect } from 'react';
import { useLocation, useNavigationType } from 'react-router';

/**
 * Which history entries lie in which area (a business section of one business, or user settings), and the
 * entry each was reached from, so Cancel can tell "came from this section" from "arrived here directly".
 */
interface Entry {
  area: string;
  previous: string | null;
}

const entries = new Map<string, Entry>();
let last: string | null = null;

/** Records every navigation; the app calls it once, above every layout, with the current area. */
export function useSectionHistory(area: string): void {
  const { key } = useLocation();
  const type = useNavigationType();
  useEffect(() => {
    const known = entries.get(key);
    if (key === last) {
      if (known) known.area = area;
      return;
    }
    if (type === 'PUSH') entries.set(key, { area, previous: last });
    // A replaced entry is gone: the new one was reached from wherever the replaced one was.
    else if (type === 'REPLACE') entries.set(key, { area, previous: last === null ? null : (entries.get(last)?.previous ?? null) });
    // Back or forward to an entry this tab has not seen (a reload, or the first page): its origin is unknown.
    else if (!known) entries.set(key, { area, previous: null });
    last = key;
  }, [key, type, area]);
}

/** True when the history entry before `key` is a page of the same area: going back stays in the section. */
export function cameFromSameArea(key: string): boolean {
  const entry = entries.get(key);
  if (!entry?.previous) return false;
  return entries.get(entry.previous)?.area === entry.area;
}
