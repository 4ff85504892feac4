import { useEffect, useState } from 'react';
import { useSearchParams } from 'react-router';

/**
 * A text filter kept in the URL (`?q=`): the box shows what is typed at once, the URL (and so the query)
 * follows after a short pause.
 */
export function useUrlSearchText(key = 'q', delayMs = 300) {
  const [search, setSearch] = useSearchParams();
  const inUrl = search.get(key) ?? '';
  const [text, setText] = useState(inUrl);
  useEffect(() => {
    if (text === inUrl) return;
    const timer = setTimeout(() => {
      setSearch(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (text.trim()) next.set(key, text);
          else next.delete(key);
          return next;
        },
        { replace: true },
      );
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, inUrl, key, delayMs, setSearch]);
  return { text, setText, value: inUrl };
}
