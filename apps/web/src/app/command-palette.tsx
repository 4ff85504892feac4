import { useMemo } from 'react';
import { Spotlight, type SpotlightActionGroupData } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import type { Business } from '@merchant/business';
import { ICONS } from './icons';
import { SECTION_OPTIONS, findRoute, href, routeTable, type AppRoute } from './route-table';
import { paletteRoutes } from './sidebar';

import '@mantine/spotlight/styles.css';

function iconOf(route: AppRoute) {
  const name = route.sidebar?.icon ?? (route.sidebar?.parent ? findRoute(route.sidebar.parent)?.sidebar?.icon : undefined);
  if (!name) return undefined;
  const Icon = ICONS[name];
  return <Icon size={18} aria-hidden />;
}

/** Ctrl/Cmd+K: every screen of this business the member may open, plus user settings (derived from the route table). */
export function CommandPalette({ business }: { business: Business }) {
  const navigate = useNavigate();
  const actions = useMemo<SpotlightActionGroupData[]>(() => {
    const go = (route: AppRoute) => () => void navigate(href(route.id, { business_id: business.id }));
    const allowed = paletteRoutes(business);
    const groups: SpotlightActionGroupData[] = SECTION_OPTIONS.map((section) => ({
      group: section.label,
      actions: allowed
        .filter((r) => r.section === section.value)
        .map((r) => ({
          id: r.id,
          label: r.title,
          description: section.label,
          keywords: [r.sidebar?.label ?? '', section.label],
          leftSection: iconOf(r),
          onClick: go(r),
        })),
    }));
    groups.push({
      group: 'User settings',
      actions: routeTable
        .filter((r) => r.layout === 'user-settings')
        .map((r) => ({ id: r.id, label: r.title, description: 'User settings', leftSection: iconOf(r), onClick: go(r) })),
    });
    return groups.filter((g) => g.actions.length > 0);
  }, [business, navigate]);

  return (
    <Spotlight
      actions={actions}
      shortcut={['mod + K']}
      nothingFound="No screen matches"
      highlightQuery
      limit={50}
      scrollable
      maxHeight={420}
      searchProps={{ leftSection: <IconSearch size={18} aria-hidden />, placeholder: 'Go to a screen…', 'aria-label': 'Search screens' }}
    />
  );
}
