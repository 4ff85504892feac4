import { array, object, optional, string, type infer as Infer } from 'zod/mini';

/*
 * The one error body every API error answers with. Made with zod's small build: the web client reads error
 * bodies on every screen, guest screens included, which do not load the full zod.
 */

export const ApiIssueSchema = object({
  path: string(),
  message: string(),
});
export type ApiIssue = Infer<typeof ApiIssueSchema>;

export const ApiErrorBodySchema = object({
  code: string(),
  message: string(),
  issues: optional(array(ApiIssueSchema)),
  requestId: string(),
});
export type ApiErrorBody = Infer<typeof ApiErrorBodySchema>;
