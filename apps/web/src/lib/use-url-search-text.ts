import { useContext, useEffect, useState } from 'react';
import { UNSAFE_DataRouterContext as DataRouterContext, UNSAFE_DataRouterStateContext as DataRouterStateContext } from 'react-router';
import { useUrlParams } from '@/lib/use-url-params';

/**
 * A text filter kept in the URL (`?q=`): the box shows what is typed at once, the URL (and so the query)
 * follows after a short pause.
 *
 * The pause waits while a navigation is under way: a person who types and at once clicks a row starts a
 * navigation that loads the next screen while this one stays mounted, and the search's own navigation would
 * replace it (the click would be lost). The pause's end asks the router itself too: a click may start the navigation
 * after this screen last rendered (a busy page renders late) and before the pause ends. Outside a data router (a
 * plain test router) there is no pending state.
 */
export function useUrlSearchText(key = 'q', delayMs = 300) {
  const { params: search, set } = useUrlParams();
  const navigating = (useContext(DataRouterStateContext)?.navigation.state ?? 'idle') !== 'idle';
  const router = useContext(DataRouterContext)?.router;
  const inUrl = search.get(key) ?? '';
  const [text, setText] = useState(inUrl);
  useEffect(() => {
    if (text === inUrl || navigating) return;
    const timer = setTimeout(() => {
      // A navigation started since the last render: its end renders this again (or leaves it), and the pause restarts.
      if (router && router.state.navigation.state !== 'idle') return;
      set(key, text.trim() ? text : null);
    }, delayMs);
    return () => clearTimeout(timer);
  }, [text, inUrl, key, delayMs, set, navigating, router]);
  return { text, setText, value: inUrl };
}
