/**
 * Forms show their own field errors, so their mutations are silent in the mutation cache
 * (the form's handleServerError shows the snackbar when there is no field issue).
 */
export const formMutation = { meta: { silent: true } } as const;
