import type { BusinessRow, BusinessStanding, RequestMeta } from '@/http/context';

/**
 * Who makes a catalogue change: a request's context, or the person a background job acts for (a confirmed product
 * import), with where they confirmed it from.
 */
export type CatalogueActor = RequestMeta & {
  user: { id: string };
  business: { row: Pick<BusinessRow, 'id' | 'currency'>; permissions: BusinessStanding['permissions'] };
};
