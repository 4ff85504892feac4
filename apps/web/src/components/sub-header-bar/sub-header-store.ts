import { useCallback, useSyncExternalStore } from 'react';
import { useLocation } from 'react-router';

/** Spec 9: default sub-header labels and the layout's default direction value (used as horizontal padding). */
export const SUB_HEADER_DEFAULTS = { cancelLabel: 'Cancel', saveLabel: 'Save' } as const;
export const LAYOUT_DIRECTION_DEFAULT = '10%';
/** The side padding of a page's content; the sub-header bar takes the same, so both share their edges. */
export const CONTENT_PADDING = { base: 'md', sm: 'lg' } as const;

export interface SubHeaderState {
  visible: boolean;
  /** The history entry (location key) that opened the bar; another entry hides it. */
  owner: string | null;
  /** Saved: nothing to save, Save is disabled. */
  saved: boolean;
  /** The right-hand Cancel and Save buttons. */
  actionsVisible: boolean;
  saving: boolean;
  title: string | null;
  cancelLabel: string;
  saveLabel: string;
  onSave: (() => void) | null;
  /** Where Cancel goes when there is no previous page in this tab. */
  fallbackHref: string | null;
}

export type SubHeaderOptions = Partial<Omit<SubHeaderState, 'visible' | 'owner'>>;

/** Spec 2: saved state, right-hand buttons visible, default labels. */
export const SUB_HEADER_DEFAULT_STATE: SubHeaderState = {
  visible: false,
  owner: null,
  saved: true,
  actionsVisible: true,
  saving: false,
  title: null,
  cancelLabel: SUB_HEADER_DEFAULTS.cancelLabel,
  saveLabel: SUB_HEADER_DEFAULTS.saveLabel,
  onSave: null,
  fallbackHref: null,
};

let state: SubHeaderState = SUB_HEADER_DEFAULT_STATE;
const listeners = new Set<() => void>();

function setState(next: SubHeaderState): void {
  state = next;
  for (const listener of listeners) listener();
}

/** The store behind the bar; screens use `useSubHeaderBar()`. */
export const subHeaderStore = {
  get: (): SubHeaderState => state,
  subscribe(listener: () => void): () => void {
    listeners.add(listener);
    return () => listeners.delete(listener);
  },
  show(owner: string, options: SubHeaderOptions = {}): void {
    setState({ ...SUB_HEADER_DEFAULT_STATE, ...options, visible: true, owner });
  },
  update(options: SubHeaderOptions): void {
    setState({ ...state, ...options });
  },
  hide(): void {
    setState({ ...state, visible: false, owner: null });
  },
  /** Back to the default: saved, buttons visible, default labels (and hidden). */
  reset(): void {
    setState(SUB_HEADER_DEFAULT_STATE);
  },
};

export function useSubHeaderState(): SubHeaderState {
  return useSyncExternalStore(subHeaderStore.subscribe, subHeaderStore.get, subHeaderStore.get);
}

/** For screens: show the bar for the current page, change its state, hide or reset it. */
export function useSubHeaderBar() {
  const { key } = useLocation();
  const current = useSubHeaderState();
  const show = useCallback((options?: SubHeaderOptions) => subHeaderStore.show(key, options), [key]);
  return {
    state: current,
    show,
    update: subHeaderStore.update,
    hide: subHeaderStore.hide,
    reset: subHeaderStore.reset,
  };
}
