import { email, maxLength, minLength, object, pipe, string, toLowerCase, trim } from 'zod/mini';
import { noNulCharacter } from '@merchant/core';

/*
 * The sign-in form's fields, made with zod's small build: the login screen validates with them before it
 * sends, and is the first screen most visits load. The contract's objects use them as they are.
 */

export const EmailSchema = pipe(string().check(noNulCharacter, trim(), toLowerCase()), email('Enter a valid email address').check(maxLength(254)));

export const LoginBodySchema = object({
  email: EmailSchema,
  password: string().check(noNulCharacter, minLength(1, 'Enter your password'), maxLength(1024)),
});
