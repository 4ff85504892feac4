import { Button, Group, SegmentedControl, Text, TextInput } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconPackage, IconPlus, IconSearch } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { useUrlParams } from '@/lib/use-url-params';
import { formatMoneyWithCode } from '@merchant/core';
import { PRODUCT_STATUS_FILTERS, ProductFiltersSchema, type Product, type ProductStatusFilter } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { PageFrame } from '@/components/page-frame';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { useUrlSearchText } from '@/lib/use-url-search-text';
import { productsQuery, useSetProductArchived } from '@/features/products/api/products-api';

const STATUS_LABELS: Record<ProductStatusFilter, string> = { active: 'Active', archived: 'Archived', all: 'All' };

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const { params, set } = useUrlParams();
  const search = useUrlSearchText();
  const parsed = ProductFiltersSchema.safeParse({ q: search.value || undefined, status: params.get('status') ?? undefined });
  const filters = parsed.success ? parsed.data : null;
  const products = useInfiniteQuery({ ...productsQuery(businessId, filters ?? { status: 'active' }), enabled: filters !== null });
  const rows = products.data?.pages.flatMap((page) => page.data) ?? [];
  const canEdit = canChange(business.data, 'catalogue:manage');
  const setArchived = useSetProductArchived(businessId);
  const status = filters?.status ?? 'active';
  const filtered = search.value !== '' || status !== 'active';

  const setStatus = (value: string) => set('status', value === 'active' ? null : value);

  const confirmArchive = (product: Product) => {
    const archiving = product.status === 'active';
    modals.openConfirmModal({
      title: archiving ? `Archive “${product.name}”?` : `Bring back “${product.name}”?`,
      children: (
        <Text size="sm">
          {archiving
            ? 'It will no longer be offered when you create payment links and invoices. Past ones keep it, and you can bring it back at any time.'
            : 'It will be offered again when you create payment links and invoices.'}
        </Text>
      ),
      labels: { confirm: archiving ? 'Archive product' : 'Bring back', cancel: 'Cancel' },
      confirmProps: archiving ? { color: 'red' } : {},
      onConfirm: () =>
        setArchived.mutate(
          { productId: product.id, archived: archiving },
          { onSuccess: () => notifySuccess(archiving ? `${product.name} archived.` : `${product.name} is active again.`) },
        ),
    });
  };

  return (
    <PageFrame
      title="Products"
      description="Your catalogue: what payment links and invoices pick from. Products are archived, never deleted."
      actions={
        canEdit ? (
          <Button component={Link} to={href('payments.products-create', { business_id: businessId })} leftSection={<IconPlus size={16} aria-hidden />}>
            New product
          </Button>
        ) : null
      }
    >
      <Group gap="md" align="flex-end" wrap="wrap">
        <TextInput
          label="Search products"
          placeholder="Name, SKU or barcode"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.text}
          onChange={(e) => search.setText(e.currentTarget.value)}
          error={parsed.success ? undefined : parsed.error.issues[0]?.message}
          type="search"
          style={{ flex: '1 1 240px', maxWidth: 420 }}
        />
        <SegmentedControl
          aria-label="Status"
          value={status}
          onChange={setStatus}
          data={PRODUCT_STATUS_FILTERS.map((value) => ({ value, label: STATUS_LABELS[value] }))}
        />
      </Group>

      <PagedTable
        query={products}
        loadingLabel="Loading products"
        loading={filters !== null}
        empty={{
          icon: <IconPackage aria-hidden />,
          title: filtered ? 'No product matches' : 'No products yet',
          description: filtered ? 'Try another name or status.' : 'Add what you sell, with its price, to pick it when you ask for money.',
          action:
            !filtered && canEdit ? (
              <Button component={Link} to={href('payments.products-create', { business_id: businessId })}>
                New product
              </Button>
            ) : undefined,
        }}
        label="Products"
        rows={rows}
        rowKey={(p) => p.id}
        rowHref={canEdit ? (p) => href('payments.products-edit', { business_id: businessId, product: p.id }) : undefined}
        columns={[
          { header: 'Name', card: 'title', cell: (p) => p.name },
          { header: 'Description', card: 'secondary', cell: (p) => p.description ?? '' },
          {
            header: 'Price',
            card: 'amount',
            nowrap: true,
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
        minWidth={560}
        noun={['product', 'products']}
      />
    </PageFrame>
  );
}
