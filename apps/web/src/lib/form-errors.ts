import { errorMessage, fieldErrors } from './error-message';

export type FormErrors = Record<string, string>;

/** A failed call's errors for a form: a 422's field issues by path, or else its message under `form` (the form's alert). */
export function formErrors(error: unknown): FormErrors {
  const fields = fieldErrors(error);
  return Object.keys(fields).length > 0 ? fields : { form: errorMessage(error) };
}

/**
 * The `onError` of a dialog's or form's mutation: its errors onto the fields, or the form's alert. `then` runs after
 * (leave a confirmation step, for one).
 */
export function showErrorsIn(setErrors: (errors: FormErrors) => void, then?: () => void): (error: unknown) => void {
  return (error) => {
    setErrors(formErrors(error));
    then?.();
  };
}
