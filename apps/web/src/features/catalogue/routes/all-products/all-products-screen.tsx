import { useState } from 'react';
import { Button, Checkbox, Group, Paper, Select, Text } from '@mantine/core';
import { IconPackage } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import type { Product } from '@merchant/catalogue';
import { SearchField, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { notifySuccess } from '@/lib/notify';
import { categoriesQuery, productsQuery, useAssignCategory } from '../../api/catalogue-api';

const NONE = 'none';

/** The spec's "all products": choose many products and put them in one category (or none) at once. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const filters = useListFilters([]);
  const categories = useQuery(categoriesQuery(businessId));
  const products = useInfiniteQuery(productsQuery(businessId, { q: filters.search.value || undefined, sort: 'name' }));
  const rows = products.data?.pages.flatMap((p) => p.data) ?? [];
  const [chosen, setChosen] = useState<ReadonlySet<string>>(new Set());
  const [target, setTarget] = useState<string | null>(null);
  const assign = useAssignCategory(businessId);
  const names = new Map((categories.data?.data ?? []).map((c) => [c.id, c.name]));
  const options = [{ value: NONE, label: 'No category' }, ...(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))];

  const toggle = (id: string, on: boolean) =>
    setChosen((previous) => {
      const next = new Set(previous);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });
  const allShown = rows.length > 0 && rows.every((p) => chosen.has(p.id));

  const apply = () => {
    if (target === null || chosen.size === 0) return;
    assign.mutate(
      { category_id: target === NONE ? null : target, product_ids: [...chosen] },
      {
        onSuccess: ({ updated }) => {
          notifySuccess(
            `${updated} ${updated === 1 ? 'product' : 'products'} moved to ${target === NONE ? 'no category' : (names.get(target) ?? 'the category')}.`,
          );
          setChosen(new Set());
        },
      },
    );
  };

  return (
    <PageFrame title="All products" description="Choose products, then the category they go to.">
      <Paper withBorder radius="md" p="md" component="section" aria-label="Find and move products">
        <Group align="flex-start" gap="sm" wrap="wrap">
          <SearchField
            label="Search products"
            hint="Part of the name, or the start of a SKU or barcode"
            value={filters.search.text}
            onChange={(e) => filters.search.setText(e.currentTarget.value)}
            style={{ flex: '1 1 16rem' }}
          />
        </Group>
        <Group align="flex-end" gap="sm" wrap="wrap" mt="sm">
          <Select label="Move to" placeholder="Choose a category" data={options} value={target} onChange={setTarget} style={{ flex: '1 1 14rem' }} maw={360} />
          <Button onClick={apply} disabled={target === null || chosen.size === 0} loading={assign.isPending}>
            {chosen.size === 0 ? 'Move products' : `Move ${chosen.size} ${chosen.size === 1 ? 'product' : 'products'}`}
          </Button>
          <Checkbox
            label="Choose every product shown"
            checked={allShown}
            onChange={(e) => {
              const on = e.currentTarget.checked;
              setChosen((previous) => {
                const next = new Set(previous);
                for (const p of rows)
                  if (on) next.add(p.id);
                  else next.delete(p.id);
                return next;
              });
            }}
            mb={8}
          />
        </Group>
        {chosen.size > 0 ? (
          <Text size="sm" c="dimmed" mt="xs">
            {`${chosen.size} chosen`}
          </Text>
        ) : null}
      </Paper>
      <PagedTable
        query={products}
        loadingLabel="Loading products"
        empty={{
          icon: <IconPackage aria-hidden />,
          title: filters.filtered ? 'No product matches' : 'No products yet',
          description: 'Products you add show here.',
        }}
        label="All products"
        rows={rows}
        rowKey={(p) => p.id}
        columns={[
          {
            header: 'Choose',
            card: 'actions',
            cell: (p: Product) => (
              <Checkbox aria-label={`Choose ${p.name}`} checked={chosen.has(p.id)} onChange={(e) => toggle(p.id, e.currentTarget.checked)} />
            ),
          },
          { header: 'Name', card: 'title', cell: (p) => p.name },
          { header: 'Category', card: 'secondary', cell: (p) => (p.category_id ? (names.get(p.category_id) ?? '') : 'No category') },
        ]}
        noun={['product', 'products']}
      />
    </PageFrame>
  );
}
