import { z } from 'zod';

/** Plain-language defaults for the messages people see when a schema gives none. */
export function configureZodMessages(): void {
  z.config({
    customError: (issue) => {
      if (issue.code === 'invalid_type' && issue.input === undefined) return 'This field is required';
      if (issue.code === 'invalid_type') return `Expected ${issue.expected}`;
      if (issue.code === 'too_big' && issue.origin === 'string') return `Use at most ${String(issue.maximum)} characters`;
      if (issue.code === 'too_small' && issue.origin === 'string')
        return Number(issue.minimum) <= 1 ? 'This field is required' : `Use at least ${String(issue.minimum)} characters`;
      return undefined;
    },
  });
}
