import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';
import { useUrlParams } from '@/lib/use-url-params';

/**
 * A text filter kept in the URL (`?q=`): the box shows what is typed at once, the URL (and so the query)
 * follows after a short pause.
 *
 * The pause waits while a navigation is under way: a person who types and at once clicks a row starts a
 * navigation that loads the next screen while this one stays mounted, and the search's own navigation would
 * replace it (the click would be lost). Outside a data router (a plain test router) there is no pending state.
 */
export function useUrlSearchText(key = 'q', delayMs = 300) {
  const { params: search, set } = useUrlParams();
  const navigating = (useContext(DataRouterStateContext)?.navigation.state ?? 'idle') !== 'idle';
  const inUrl = search.get(key) ?? '';
  const [text, setText] = useState(inUrl);
  useEffect(() => {
    if (text === inUrl || navigating) return;
    const timer = setTimeout(() => {
      set(key, text.trim() ? text : null);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, inUrl, key, delayMs, set, navigating]);
  return { text, setText, value: inUrl };
}
