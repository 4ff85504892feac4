import { EMPTY_VALUE } from '@merchant/core';
import { useState } from 'react';
import { Button, TextInput } from '@mantine/core';
import { IconDownload, IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { CustomerFiltersSchema } from '@merchant/payments';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { useUrlSearchText } from '@/lib/use-url-search-text';
import { customersExportHref, customersQuery } from '@/features/customers/api/customers-api';
import { CustomerFormModal } from '@/features/customers/components/customer-form-modal';
import { useCustomerLinks } from '@/features/customers/components/customer-routes';
import { BusinessTime } from '@/components/business-time';

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const links = useCustomerLinks(businessId);
  const business = useBusiness(businessId);
  const navigate = useNavigate();
  const search = useUrlSearchText();
  const parsed = CustomerFiltersSchema.safeParse({ q: search.value || undefined });
  const filters = parsed.success ? parsed.data : null;
  const customers = useInfiniteQuery({ ...customersQuery(businessId, filters ?? {}), enabled: filters !== null });
  const rows = customers.data?.pages.flatMap((page) => page.data) ?? [];
  const canCreate = canChange(business.data, 'payments:create');
  const [creating, setCreating] = useState(false);
  const searching = search.value !== '';

  return (
    <PageFrame
      title="Customers"
      description="People who paid you, matched by email at checkout, and those you add yourself."
      actions={
        <>
          <Button
            component="a"
            href={filters ? customersExportHref(businessId, filters) : undefined}
            download
            variant="default"
            leftSection={<IconDownload size={16} aria-hidden />}
          >
            Export CSV
          </Button>
          {canCreate ? (
            <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setCreating(true)}>
              New customer
            </Button>
          ) : null}
        </>
      }
    >
      <TextInput
        label="Search customers"
        placeholder="Name, email or phone"
        leftSection={<IconSearch size={16} aria-hidden />}
        value={search.text}
        onChange={(e) => search.setText(e.currentTarget.value)}
        error={parsed.success ? undefined : parsed.error.issues[0]?.message}
        maw={420}
        type="search"
      />

      <PagedTable
        query={customers}
        loadingLabel="Loading customers"
        loading={filters !== null}
        empty={{
          icon: <IconUsers aria-hidden />,
          title: searching ? 'No customer matches this search' : 'No customers yet',
          description: searching ? 'Try part of a name, an email or a phone number.' : 'Customers appear here when they pay, or when you add them.',
          action:
            !searching && canCreate ? (
              <Button onClick={() => setCreating(true)} leftSection={<IconPlus size={16} aria-hidden />}>
                New customer
              </Button>
            ) : undefined,
        }}
        label="Customers"
        rows={rows}
        rowKey={(c) => c.id}
        rowHref={(c) => links.detail(c.id)}
        columns={[
          { header: 'Name', card: 'title', cell: (c) => c.name ?? c.email ?? 'Unnamed customer' },
          { header: 'Email', card: 'secondary', cell: (c) => c.email ?? EMPTY_VALUE },
          { header: 'Phone', card: 'secondary', hideWhenEmpty: true, cell: (c) => c.phone ?? EMPTY_VALUE },
          { header: 'Added', nowrap: true, cell: (c) => <BusinessTime at={c.created_at} /> },
        ]}
        minWidth={560}
        noun={['customer', 'customers']}
      />

      <CustomerFormModal
        businessId={businessId}
        customer={null}
        opened={creating}
        onClose={() => setCreating(false)}
        onSaved={(saved) => void navigate(links.detail(saved.id))}
      />
    </PageFrame>
  );
}
