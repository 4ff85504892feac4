import { Button } from '@mantine/core';
import { IconFile, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatLocalDate } from '@merchant/core';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { listEmptyState, SearchField, useListFilters } from '@/components/list-filters';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { useBusinessTimeZone } from '@/lib/session';
import { storePagesQuery } from '@/features/store-pages/api/store-pages-api';

/** The online store's content pages (about us, FAQ...): searched by title or address. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const filters = useListFilters([]);
  const zone = useBusinessTimeZone(businessId);
  const pages = useQuery(storePagesQuery(businessId, { q: filters.search.value || undefined }));
  const params = { business_id: businessId };
  const create = href('online-store.pages-create', params);
  const rows = pages.data?.data ?? [];

  return (
    <PageFrame
      title="Pages"
      description="Pages of your store, such as About us or Frequently asked questions, linked at the foot of every page of the store."
      actions={[{ label: 'Create page', icon: <IconPlus size={16} aria-hidden />, to: create, primary: true }]}
    >
      <SearchField
        label="Search pages"
        hint="Part of the title or address"
        value={filters.search.text}
        onChange={(e) => filters.search.setText(e.currentTarget.value)}
        maw={480}
      />
      {!pages.data ? (
        <QueryStatus query={pages} loadingLabel="Loading pages" />
      ) : rows.length === 0 ? (
        <EmptyState
          {...listEmptyState(filters, {
            icon: <IconFile aria-hidden />,
            title: 'No pages yet',
            description: 'Write a page about your store, your delivery or your questions and answers, and publish it on the store.',
            noMatchTitle: 'No pages match',
            noMatchDescription: 'Try another search.',
            action: (
              <Button component={Link} to={create} leftSection={<IconPlus size={16} aria-hidden />}>
                Create page
              </Button>
            ),
          })}
        />
      ) : (
        <DataList
          label="Pages"
          rows={rows}
          rowKey={(p) => p.id}
          rowHref={(p) => href('online-store.pages-edit', { ...params, b_page: p.id })}
          columns={[
            { header: 'Title', card: 'title', cell: (p) => p.title },
            { header: 'Address', card: 'secondary', cell: (p) => `/pages/${p.slug}` },
            { header: 'Updated', nowrap: true, cell: (p) => formatLocalDate(p.updated_at, zone) },
            {
              header: 'Status',
              card: 'status',
              nowrap: true,
              cell: (p) => <StatusBadge kind="storePage" status={p.published ? 'published' : 'draft'} />,
            },
          ]}
        />
      )}
    </PageFrame>
  );
}
