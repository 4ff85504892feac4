import { useState } from 'react';
import { Button, Group, Select, SimpleGrid } from '@mantine/core';
import { IconDownload, IconFileImport, IconPackage, IconPlus } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import { ProductFiltersSchema, SALES_CHANNEL_LABELS, SALES_CHANNELS, type Product } from '@merchant/catalogue';
import { FilterBar, usePhoneFilters } from '@/components/folded-filters';
import { listEmptyState, SearchField, useListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { Thumbnail } from '@/components/thumbnail';
import { PageFrame } from '@/components/page-frame';
import { useCanChange } from '@/lib/session';
import { categoriesQuery, productsQuery } from '../../api/catalogue-api';
import { useCatalogueLinks } from '../../components/catalogue-routes';
import { useConfirmArchive } from '../../components/confirm-archive';
import { ProductImportDialog } from '../../components/product-import-dialog';
import { productExportHref } from '../../api/product-imports-api';

const STATUS_OPTIONS = [
  { value: 'active', label: 'Active' },
  { value: 'archived', label: 'Archived' },
  { value: 'all', label: 'Active and archived' },
];
const SORT_OPTIONS = [
  { value: 'name', label: 'Name, A to Z' },
  { value: 'newest', label: 'Newest first' },
];
const CHANNEL_OPTIONS = SALES_CHANNELS.map((c) => ({ value: c, label: SALES_CHANNEL_LABELS[c] }));
const FILTER_KEYS = ['status', 'category', 'channel', 'sort'] as const;

/** "3 variants", or the single variant's SKU. */
const variantsText = (p: Product) => (p.variants.length > 1 ? `${p.variants.length} variants` : (p.variants[0]?.sku ?? ''));

/** The catalogue's products, in payments, the point of sale and the online store: search, filters and sort in the URL. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const links = useCatalogueLinks(businessId);
  const canEdit = useCanChange(businessId, 'catalogue:manage');
  const confirmArchive = useConfirmArchive(businessId);
  const filters = useListFilters(FILTER_KEYS);
  const categories = useQuery(categoriesQuery(businessId));
  const parsed = ProductFiltersSchema.safeParse({
    q: filters.search.value || undefined,
    status: filters.params.get('status') ?? undefined,
    category: filters.params.get('category') ?? undefined,
    channel: filters.params.get('channel') ?? undefined,
    sort: filters.params.get('sort') ?? undefined,
  });
  const query = parsed.success ? parsed.data : null;
  const products = useInfiniteQuery({ ...productsQuery(businessId, query ?? {}), enabled: query !== null });
  const rows = products.data?.pages.flatMap((page) => page.data) ?? [];
  const categoryName = new Map((categories.data?.data ?? []).map((c) => [c.id, c.name]));
  const issue = (key: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === key)?.message);

  const phone = usePhoneFilters();
  const search = (
    <SearchField
      label="Search products"
      hint="Part of the name, or the start of a SKU or barcode"
      value={filters.search.text}
      onChange={(e) => filters.search.setText(e.currentTarget.value)}
      error={issue('q')}
    />
  );

  const [importing, setImporting] = useState(false);
  const create = canEdit ? (
    <Button component={Link} to={links.productCreate} leftSection={<IconPlus size={16} aria-hidden />}>
      New product
    </Button>
  ) : undefined;

  return (
    <PageFrame
      title="Products"
      description="One catalogue for payment links, invoices, the register and the store. Products are archived, never deleted."
      actions={[
        canEdit && { label: 'New product', icon: <IconPlus size={16} aria-hidden />, to: links.productCreate, primary: true },
        canEdit && { label: 'Import', icon: <IconFileImport size={16} aria-hidden />, onClick: () => setImporting(true) },
        canEdit && query && { label: 'Export CSV', icon: <IconDownload size={16} aria-hidden />, href: productExportHref(businessId, query), download: true },
      ]}
    >
      {canEdit ? <ProductImportDialog businessId={businessId} opened={importing} onClose={() => setImporting(false)} /> : null}
      <FilterBar search={phone ? search : undefined} active={filters.active} onClear={filters.clear}>
        <SimpleGrid cols={phone ? 1 : { base: 1, sm: 2, lg: 5 }} spacing="sm">
          {phone ? null : search}
          <Select
            label="Status"
            data={STATUS_OPTIONS}
            value={filters.params.get('status') ?? 'active'}
            onChange={(value) => filters.set('status', value === 'active' ? null : value)}
            error={issue('status')}
            allowDeselect={false}
          />
          <Select
            label="Category"
            placeholder="Any category"
            data={[{ value: 'none', label: 'No category' }, ...(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))]}
            value={filters.params.get('category')}
            onChange={(value) => filters.set('category', value)}
            error={issue('category')}
            clearable
          />
          <Select
            label="Sold on"
            placeholder="Any channel"
            data={CHANNEL_OPTIONS}
            value={filters.params.get('channel')}
            onChange={(value) => filters.set('channel', value)}
            error={issue('channel')}
            clearable
          />
          <Select
            label="Sort"
            data={SORT_OPTIONS}
            value={filters.params.get('sort') ?? 'newest'}
            onChange={(value) => filters.set('sort', value === 'newest' ? null : value)}
            allowDeselect={false}
          />
        </SimpleGrid>
      </FilterBar>

      <PagedTable
        query={products}
        loadingLabel="Loading products"
        loading={query !== null}
        empty={listEmptyState(filters, {
          icon: <IconPackage aria-hidden />,
          title: 'No products yet',
          description: 'Add what you sell, with its options and prices, to sell it at the register, in the store and by payment link.',
          noMatchTitle: 'No product matches',
          noMatchDescription: 'Try another name, SKU or filter.',
          action: create,
        })}
        label="Products"
        rows={rows}
        rowKey={(p) => p.id}
        rowHref={(p) => links.product(p.id)}
        columns={[
          {
            header: 'Name',
            card: 'title',
            cell: (p) => (
              <Group gap="sm" wrap="nowrap" component="span">
                <Thumbnail image={p.images[0]} />
                <span>{p.name}</span>
              </Group>
            ),
          },
          { header: 'SKU or variants', card: 'secondary', cell: variantsText, hideWhenEmpty: true },
          { header: 'Category', cell: (p) => (p.category_id ? (categoryName.get(p.category_id) ?? '') : '—') },
          { header: 'Sold on', cell: (p) => p.channels.map((c) => SALES_CHANNEL_LABELS[c]).join(', ') },
          {
            header: 'Price',
            card: 'amount',
            nowrap: true,
            align: 'right',
            cell: (p) => `${p.variants.length > 1 ? 'From ' : ''}${formatMoneyWithCode(p.price.amount, p.price.currency)}`,
          },
          { header: 'Status', card: 'status', nowrap: true, cell: (p) => <StatusBadge kind="product" status={p.status} /> },
          ...(canEdit
            ? [
                {
                  header: 'Actions',
                  card: 'actions' as const,
                  cell: (p: Product) => (
                    <Button
                      variant="subtle"
                      size="compact-sm"
                      onClick={() => confirmArchive(p)}
                      aria-label={`${p.status === 'active' ? 'Archive' : 'Bring back'} ${p.name}`}
                    >
                      {p.status === 'active' ? 'Archive' : 'Bring back'}
                    </Button>
                  ),
                },
              ]
            : []),
        ]}
        minWidth={720}
        noun={['product', 'products']}
      />
    </PageFrame>
  );
}
