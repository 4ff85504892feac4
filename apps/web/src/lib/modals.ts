import { modals as mantineModals } from '@mantine/modals';

/**
 * Dialogs that never get lost. Mantine's `modals` sends each dialog as a window event to its provider, which
 * loads with the snackbars after the first paint (app/overlays.tsx); a dialog asked for before the provider
 * is there waits for it and asks the app to load it, instead of vanishing. Screens import `modals` from here.
 */
let ready = false;
const waiting: (() => void)[] = [];
const requestListeners = new Set<() => void>();

/** The provider has mounted (its listeners are in place). */
export function markModalsReady(): void {
  ready = true;
  for (const run of waiting.splice(0)) run();
}

/** Tells the app that a dialog is waiting for the provider (providers.tsx loads it then). */
export function onModalsRequested(listener: () => void): () => void {
  requestListeners.add(listener);
  return () => void requestListeners.delete(listener);
}

export const modalsWaiting = (): boolean => waiting.length > 0;

function whenReady(run: () => void): void {
  if (ready) return run();
  waiting.push(run);
  for (const listener of requestListeners) listener();
}

export const modals = {
  openConfirmModal: (props: Parameters<typeof mantineModals.openConfirmModal>[0]): void => whenReady(() => void mantineModals.openConfirmModal(props)),
  open: (props: Parameters<typeof mantineModals.open>[0]): void => whenReady(() => void mantineModals.open(props)),
  closeAll: (): void => {
    waiting.length = 0;
    mantineModals.closeAll();
  },
};
