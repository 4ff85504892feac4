import { refine } from 'zod/mini';

/**
 * The one rule every text input follows: no NUL character (U+0000). PostgreSQL cannot store it in a text
 * column, and no person types it, so it is refused on the field (422) instead of failing in the database.
 */
export const NUL_CHARACTER_MESSAGE = 'Remove the NUL character (U+0000): it cannot be stored';

/**
 * The check itself; `text()` carries it, and the contract test looks for this very check. It is made with
 * zod's small build, so the guest screens' schemas (zod/mini) can carry it without loading the full one.
 */
export const noNulCharacter = refine<string>((value) => !value.includes('\u0000'), NUL_CHARACTER_MESSAGE);
