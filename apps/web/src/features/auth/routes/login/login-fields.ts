/*
 * The sign-in form's schema on its own module, so the login screen loads it (and zod's small build with it)
 * when the form is first used, not with the screen's first paint.
 */
export { LoginBodySchema } from '@merchant/identity';
