import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';

import '@mantine/notifications/styles.css';

/**
 * Snackbars and dialogs. Both are driven by Mantine's event and store APIs (`notifications.show`,
 * `modals.openConfirmModal`), which work wherever this sits, so it loads after the first paint instead of
 * delaying it; a snackbar shown before it arrives is kept in the store and appears with it.
 */
export function Overlays() {
  return (
    <>
      <Notifications position="top-right" />
      <ModalsProvider />
    </>
  );
}
