import { useMatches } from 'react-router';
import { findRoute, type RouteId } from '@/app/route-table';

interface LocationRouteIds {
  list: RouteId;
  create: RouteId;
  edit: RouteId;
  settings: RouteId;
}

/** The location screens open under the register and the store (spec 2); one implementation links within the section it is in. */
const BY_SECTION: Record<'pos' | 'online-store', LocationRouteIds> = {
  pos: { list: 'pos.locations', create: 'pos.locations-create', edit: 'pos.locations-edit', settings: 'pos.locations-settings' },
  'online-store': {
    list: 'online-store.locations',
    create: 'online-store.locations-create',
    edit: 'online-store.locations-edit',
    settings: 'online-store.locations-settings',
  },
};

export function useLocationRoutes(): LocationRouteIds {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const section = leaf ? findRoute(leaf.id)?.section : undefined;
  return section === 'online-store' ? BY_SECTION['online-store'] : BY_SECTION.pos;
}
