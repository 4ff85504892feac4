import type { BusinessRow, BusinessStanding, RequestMeta } from '@/http/context';

/**
 * Who makes a catalogue change: a request's context, or the person a background job acts for (a confirmed product
 * import), with where they confirmed it from.
 */
export type CatalogueActor = RequestMeta & {
  user: { id: string };
  /** `role`: as audit entries record it, when known (a request's, or read once by a job). */
  business: { row: Pick<BusinessRow, 'id' | 'currency'>; permissions: BusinessStanding['permissions']; role?: string | null };
};
