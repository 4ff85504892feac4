import { useEffect } from 'react';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

import { markModalsReady } from '@/lib/modals';

import '@mantine/notifications/styles.css';

/**
 * Snackbars and dialogs. Both are driven by Mantine's event and store APIs (`notifications.show`,
 * `modals.openConfirmModal`), which work wherever this sits, so it loads after the first paint instead of
 * delaying it; a snackbar shown before it arrives is kept in the store and appears with it.
 */
export function Overlays() {
  // After the provider's own effects: its listeners are in place, so dialogs asked for earlier can open.
  useEffect(markModalsReady, []);
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider />
    </>
  );
}
