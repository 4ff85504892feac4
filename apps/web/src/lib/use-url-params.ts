import { useCallback, useRef } from 'react';
import { useSearchParams } from 'react-router';

/** Changes the params in place (set, delete). */
export type UrlParamsChange = (next: URLSearchParams) => void;

export interface UrlParams {
  params: URLSearchParams;
  /** Changes several params at once. */
  update(change: UrlParamsChange): void;
  /** Sets one param; an empty value or null removes it. */
  set(key: string, value: string | null): void;
  /** Removes every param. */
  clear(): void;
}

/**
 * The page's search params, and an update that builds on the latest params this screen asked for.
 *
 * React Router hands a functional update the params of the last render, so two changes before the next render
 * (a date range's From, then To) would keep only the second. Here each update starts from what the previous
 * one asked for until the URL shows it; a navigation from elsewhere (a link, Back) resets to the URL.
 */
export function useUrlParams(): UrlParams {
  const [params, setParams] = useSearchParams();
  const shown = params.toString();
  const state = useRef({ rendered: shown, pending: null as string | null, asked: new Set<string>() });
  const s = state.current;
  if (shown !== s.rendered) {
    s.rendered = shown;
    // Our own last request landed, or someone else navigated: the URL is the truth again.
    if (shown === s.pending || !s.asked.has(shown)) {
      s.pending = null;
      s.asked.clear();
    }
  }
  const update = useCallback(
    (change: UrlParamsChange) => {
      const next = new URLSearchParams(state.current.pending ?? state.current.rendered);
      change(next);
      const wanted = next.toString();
      state.current.pending = wanted;
      state.current.asked.add(wanted);
      setParams(next, { replace: true });
    },
    [setParams],
  );
  const set = useCallback(
    (key: string, value: string | null) =>
      update((next) => {
        if (value) next.set(key, value);
        else next.delete(key);
      }),
    [update],
  );
  const clear = useCallback(() => update((next) => [...new Set(next.keys())].forEach((key) => next.delete(key))), [update]);
  return { params, update, set, clear };
}
