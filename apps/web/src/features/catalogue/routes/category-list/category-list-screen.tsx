import { ActionIcon, Button, Group } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconList, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import type { Category } from '@merchant/catalogue';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { useCanChange } from '@/lib/session';
import { categoriesQuery, useReorderCategories } from '../../api/catalogue-api';
import { useCatalogueLinks } from '../../components/catalogue-routes';

/** The ids in their new order after moving one a place up (-1) or down (+1). */
export function moved(ids: readonly string[], id: string, by: -1 | 1): string[] {
  const from = ids.indexOf(id);
  const to = from + by;
  if (from < 0 || to < 0 || to >= ids.length) return [...ids];
  const next = [...ids];
  next[from] = ids[to]!;
  next[to] = id;
  return next;
}

/** Product categories in the order the register and the store show them, with their counts; moved with buttons. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const links = useCatalogueLinks(businessId);
  const canEdit = useCanChange(businessId, 'catalogue:manage');
  const categories = useQuery(categoriesQuery(businessId));
  const reorder = useReorderCategories(businessId);
  const rows = categories.data?.data ?? [];
  const ids = rows.map((c) => c.id);

  const actions = canEdit
    ? [
        links.categoryCreate && { label: 'New category', icon: <IconPlus size={16} aria-hidden />, to: links.categoryCreate, primary: true },
        links.categoryAssign && { label: 'Assign products', to: links.categoryAssign },
      ]
    : undefined;

  const move = (c: Category, by: -1 | 1, index: number) => (
    <ActionIcon
      variant="default"
      aria-label={`Move ${c.name} ${by < 0 ? 'up' : 'down'}`}
      disabled={reorder.isPending || (by < 0 ? index === 0 : index === rows.length - 1)}
      onClick={() => reorder.mutate(moved(ids, c.id, by))}
    >
      {by < 0 ? <IconArrowUp size={16} aria-hidden /> : <IconArrowDown size={16} aria-hidden />}
    </ActionIcon>
  );

  return (
    <PageFrame title="Product categories" description="How the register and the store group your products, in this order." actions={actions}>
      {categories.isSuccess ? (
        rows.length === 0 ? (
          <EmptyState
            icon={<IconList aria-hidden />}
            title="No categories yet"
            description="Group your products (Coffee, Beans, Merchandise) so the register and the store show them together."
            action={
              canEdit && links.categoryCreate ? (
                <Button component={Link} to={links.categoryCreate}>
                  New category
                </Button>
              ) : undefined
            }
          />
        ) : (
          <DataList
            label="Product categories"
            rows={rows}
            rowKey={(c) => c.id}
            rowHref={(c) => links.category(c.id) ?? undefined}
            columns={[
              { header: 'Category', card: 'title', cell: (c) => c.name },
              { header: 'Products', align: 'right', cell: (c) => String(c.product_count) },
              ...(canEdit
                ? [
                    {
                      header: 'Order',
                      card: 'actions' as const,
                      cell: (c: Category) => {
                        const index = ids.indexOf(c.id);
                        return (
                          <Group gap={6} wrap="nowrap">
                            {move(c, -1, index)}
                            {move(c, 1, index)}
                          </Group>
                        );
                      },
                    },
                  ]
                : []),
            ]}
          />
        )
      ) : (
        <QueryStatus query={categories} loadingLabel="Loading categories" />
      )}
    </PageFrame>
  );
}
