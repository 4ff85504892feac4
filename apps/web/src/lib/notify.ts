import { notifications } from '@mantine/notifications';
import { errorMessage } from './error-message';

/** Spec 9: snackbar default timeout. */
export const SNACKBAR_TIMEOUT_MS = 3000;

/** The spec's red error snackbar. */
export function notifyError(error: unknown): void {
  notifications.show({ color: 'red', title: 'Error', message: errorMessage(error), autoClose: SNACKBAR_TIMEOUT_MS });
}

export function notifySuccess(message: string): void {
  notifications.show({ color: 'green', message, autoClose: SNACKBAR_TIMEOUT_MS });
}
