import { useEffect, useState } from 'react';
import { useUrlParams } from '@/lib/use-url-params';

/**
 * A text filter kept in the URL (`?q=`): the box shows what is typed at once, the URL (and so the query)
 * follows after a short pause.
 */
export function useUrlSearchText(key = 'q', delayMs = 300) {
  const { params: search, set } = useUrlParams();
  const inUrl = search.get(key) ?? '';
  const [text, setText] = useState(inUrl);
  useEffect(() => {
    if (text === inUrl) return;
    const timer = setTimeout(() => {
      set(key, text.trim() ? text : null);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, inUrl, key, delayMs, set]);
  return { text, setText, value: inUrl };
}
