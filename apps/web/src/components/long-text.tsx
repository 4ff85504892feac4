import type { ReactNode } from 'react';

/** A word at least this long (an email, a link, an id) gets places where a line may end inside it. */
const LONG_WORD = 16;
/** A line may end before these: an email's "@", a domain's and a path's dots and slashes, an id's underscore, a query's marks. */
const BREAK_BEFORE = new Set(['@', '.', '/', '_', '?', '#', '&', '=']);

/** The indexes of a long word before which a line may end (never at its start, never inside a run of marks: "//"). */
function breaksOf(word: string): number[] {
  if (word.length < LONG_WORD) return [];
  const at: number[] = [];
  for (let i = 1; i < word.length; i += 1) {
    if (BREAK_BEFORE.has(word.charAt(i)) && !BREAK_BEFORE.has(word.charAt(i - 1))) at.push(i);
  }
  return at;
}

/**
 * Long unbroken values (emails, links, ids) wrapped where a reader expects it, before the "@" and before the dots of
 * the domain ("pantry" / "@marinabay.example.com"), instead of cut at whatever letter meets the edge: each such
 * place gets a `<wbr>`. Short words and ordinary text come back as they are. The container keeps
 * `overflow-wrap: break-word` (never `anywhere`, which lets a table squeeze a column down to single letters), so a
 * part longer than the whole line is still broken rather than cut off.
 */
export function wrapPoints(text: string): ReactNode {
  const words = text.split(/(\s+)/);
  if (!words.some((word) => breaksOf(word).length > 0)) return text;
  const out: ReactNode[] = [];
  let part = '';
  words.forEach((word, w) => {
    let from = 0;
    for (const at of breaksOf(word)) {
      out.push(part + word.slice(from, at), <wbr key={`${w}-${at}`} />);
      part = '';
      from = at;
    }
    part += word.slice(from);
  });
  out.push(part);
  return out;
}

/**
 * A text that may hold a long value (an email, a link), with {@link wrapPoints}. Marked `data-long-value`: in a table's
 * cell it keeps its whole width up to a limit (`DataList`), so the table does not squeeze it onto several lines while
 * other columns have room.
 */
export function LongText({ children }: { children: string }) {
  return <span data-long-value="">{wrapPoints(children)}</span>;
}

/** A cell's or a fact's content: a string gets its wrap points; anything else is drawn as it is. */
export function withWrapPoints(value: ReactNode): ReactNode {
  return typeof value === 'string' ? wrapPoints(value) : value;
}
