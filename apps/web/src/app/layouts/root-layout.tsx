import { useEffect } from 'react';
import { LabelledProgress } from '@/components/labelled-progress';
import { Outlet, ScrollRestoration, useMatches, useNavigation } from 'react-router';
import { useSectionHistory } from '@/components/sub-header-bar/section-history';
import { findRoute } from '../route-table';
import { useSessionEvents } from '../session-events';
import { markFirstScreenDrawn } from '../providers';

/** The area a page belongs to for "back within the section": a business section of one business, or a layout. */
function useArea(): string {
  const matches = useMatches();
  const leaf = matches[matches.length - 1];
  const route = leaf ? findRoute(leaf.id) : undefined;
  if (!route) return 'none';
  return route.section ? `${route.section}:${leaf?.params.business_id ?? ''}` : route.layout;
}

/** Above every layout: session events, scroll restoration and a thin bar while the next screen loads. */
export function RootLayout() {
  useSessionEvents();
  useSectionHistory(useArea());
  const navigation = useNavigation();
  useEffect(markFirstScreenDrawn, []);
  return (
    <>
      {navigation.state !== 'idle' ? (
        <LabelledProgress
          value={100}
          animated
          size={3}
          radius={0}
          label="Loading the next page"
          style={{ position: 'fixed', top: 0, left: 0, right: 0, zIndex: 1000 }}
        />
      ) : null}
      <ScrollRestoration />
      <Outlet />
    </>
  );
}
