import { useState } from 'react';
import { Button, Group, Modal, Radio, Stack, Text } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { formatMoneyWithCode } from '@merchant/core';
import type { Category } from '@merchant/catalogue';
import { ChoiceRow } from '@/components/form/switch-row';
import { DetailLayout } from '@/components/detail-layout';
import { PagedTable } from '@/components/paged-table';
import { QueryPage } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { errorMessage } from '@/lib/error-message';
import { notifySuccess } from '@/lib/notify';
import { useCanChange } from '@/lib/session';
import { categoriesQuery, categoryQuery, productsQuery, useRemoveCategory } from '../../api/catalogue-api';
import { useCatalogueLinks } from '../../components/catalogue-routes';

/** A product category: its products (archived ones too), and its edit and delete. */
export function Component() {
  const { business_id: businessId = '', b_product_category: categoryId = '' } = useParams();
  const category = useQuery(categoryQuery(businessId, categoryId));
  if (!category.data) return <QueryPage title="Product category" query={category} loadingLabel="Loading the category" />;
  return <CategoryDetail businessId={businessId} category={category.data} />;
}

function CategoryDetail({ businessId, category }: { businessId: string; category: Category }) {
  const links = useCatalogueLinks(businessId);
  const canEdit = useCanChange(businessId, 'catalogue:manage');
  const products = useInfiniteQuery(productsQuery(businessId, { category: category.id, status: 'all', sort: 'name' }));
  const rows = products.data?.pages.flatMap((p) => p.data) ?? [];
  const [deleting, setDeleting] = useState(false);
  const edit = links.categoryEdit(category.id);

  return (
    <DetailLayout
      back={links.categories ? { to: links.categories, label: 'All categories' } : undefined}
      title={category.name}
      facts={[
        { label: 'Products', value: String(category.product_count) },
        { label: 'Place in the list', value: String(category.position + 1) },
      ]}
      actions={[
        canEdit && edit && { label: 'Edit', icon: <IconPencil size={16} aria-hidden />, to: edit, primary: true },
        canEdit && { label: 'Delete category', icon: <IconTrash size={16} aria-hidden />, onClick: () => setDeleting(true), danger: true, more: true },
      ]}
      below={
        <PagedTable
          query={products}
          loadingLabel="Loading its products"
          empty={{ title: 'No products in this category', description: 'Choose this category on a product, or assign many at once from All products.' }}
          label={`Products in ${category.name}`}
          rows={rows}
          rowKey={(p) => p.id}
          rowHref={(p) => links.product(p.id)}
          columns={[
            { header: 'Name', card: 'title', cell: (p) => p.name },
            { header: 'Price', card: 'amount', align: 'right', nowrap: true, cell: (p) => formatMoneyWithCode(p.price.amount, p.price.currency) },
            { header: 'Status', card: 'status', cell: (p) => <StatusBadge kind="product" status={p.status} /> },
          ]}
          noun={['product', 'products']}
        />
      }
    >
      {deleting ? <DeleteCategory businessId={businessId} category={category} onClose={() => setDeleting(false)} /> : null}
    </DetailLayout>
  );
}

/** Deleting a category that holds products asks where they go: another category, or none. */
function DeleteCategory({ businessId, category, onClose }: { businessId: string; category: Category; onClose: () => void }) {
  const navigate = useNavigate();
  const links = useCatalogueLinks(businessId);
  const others = (useQuery(categoriesQuery(businessId)).data?.data ?? []).filter((c) => c.id !== category.id);
  const remove = useRemoveCategory(businessId);
  const [moveTo, setMoveTo] = useState('none');
  const holds = category.product_count > 0;

  const confirm = () =>
    remove.mutate(
      { categoryId: category.id, moveTo: holds ? moveTo : undefined },
      {
        onSuccess: ({ moved }) => {
          notifySuccess(moved > 0 ? `${category.name} deleted; ${moved} ${moved === 1 ? 'product' : 'products'} moved.` : `${category.name} deleted.`);
          onClose();
          void navigate(links.categories ?? links.products);
        },
      },
    );

  return (
    <Modal opened onClose={onClose} title={`Delete “${category.name}”?`}>
      <Stack gap="md">
        {holds ? (
          <Radio.Group
            label={`Its ${category.product_count === 1 ? 'product goes' : `${category.product_count} products go`} to`}
            value={moveTo}
            onChange={setMoveTo}
          >
            <Stack gap="xs" mt="xs">
              <ChoiceRow value="none" label="No category" />
              {others.map((c) => (
                <ChoiceRow key={c.id} value={c.id} label={c.name} />
              ))}
            </Stack>
          </Radio.Group>
        ) : (
          <Text size="sm">It holds no products. This cannot be undone.</Text>
        )}
        {remove.isError ? (
          <Text size="sm" c="red" role="alert">
            {errorMessage(remove.error)}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button color="red" onClick={confirm} loading={remove.isPending}>
            Delete category
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
