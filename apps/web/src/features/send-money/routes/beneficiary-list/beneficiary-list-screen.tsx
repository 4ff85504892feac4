import { useState } from 'react';
import { Button, Group, SegmentedControl, TextInput } from '@mantine/core';
import { IconPlus, IconSearch, IconUsers } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { BeneficiaryFiltersSchema, maskAccount } from '@merchant/payments';
import { href } from '@/app/route-table';
import { countryLabel } from '@/components/onboarding-summary';
import { PagedTable } from '@/components/paged-table';
import { StatusBadge } from '@/components/status-badge';
import { PageFrame } from '@/components/page-frame';
import { canChange, useBusiness } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { useUrlSearchText } from '@/lib/use-url-search-text';
import { beneficiariesQuery } from '@/features/send-money/api/send-money-api';
import { BeneficiaryFormModal } from '@/features/send-money/components/beneficiary-form-modal';

/** Beneficiaries: searched and filtered in the URL, added in a modal, each opening its detail. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const navigate = useNavigate();
  const search = useUrlSearchText();
  const { params, set } = useUrlParams();
  const parsed = BeneficiaryFiltersSchema.safeParse({ q: search.value || undefined, status: params.get('status') || undefined });
  const filters = parsed.success ? parsed.data : null;
  const list = useInfiniteQuery({ ...beneficiariesQuery(businessId, filters ?? { status: 'active' }), enabled: filters !== null });
  const rows = list.data?.pages.flatMap((page) => page.data) ?? [];
  const canAdd = canChange(business.data, 'transfers:manage');
  const [adding, setAdding] = useState(false);
  const filtered = search.value !== '' || params.get('status') !== null;

  return (
    <PageFrame
      title="Beneficiaries"
      description="The people and companies you send money to, local or overseas."
      actions={
        canAdd ? (
          <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={() => setAdding(true)}>
            New beneficiary
          </Button>
        ) : null
      }
    >
      <Group align="flex-end" wrap="wrap">
        <TextInput
          label="Search beneficiaries"
          placeholder="Name, bank or last 4 digits"
          leftSection={<IconSearch size={16} aria-hidden />}
          value={search.text}
          onChange={(e) => search.setText(e.currentTarget.value)}
          error={parsed.success ? undefined : parsed.error.issues[0]?.message}
          maw={420}
          w="100%"
          type="search"
        />
        <SegmentedControl
          aria-label="Which beneficiaries"
          value={filters?.status ?? 'active'}
          onChange={(v) => set('status', v === 'active' ? null : v)}
          data={[
            { value: 'active', label: 'Active' },
            { value: 'closed', label: 'Closed' },
            { value: 'all', label: 'All' },
          ]}
        />
      </Group>

      <PagedTable
        query={list}
        loadingLabel="Loading beneficiaries"
        loading={filters !== null}
        empty={{
          icon: <IconUsers aria-hidden />,
          title: filtered ? 'No beneficiary matches' : 'No beneficiaries yet',
          description: filtered ? 'Try another search or filter.' : 'Add who you send money to: their bank details are checked as you type them.',
        }}
        label="Beneficiaries"
        rows={rows}
        rowKey={(b) => b.id}
        rowHref={(b) => href('payments.beneficiaries-detail', { business_id: businessId, beneficiaryId: b.id })}
        columns={[
          { header: 'Name', card: 'title', cell: (b) => b.holder_name },
          { header: 'Kind', card: 'none', cell: (b) => (b.type === 'local' ? 'Local' : 'Overseas') },
          { header: 'Bank', card: 'secondary', cell: (b) => `${b.bank_name} ${maskAccount(b.account_last4)}` },
          { header: 'Country', cell: (b) => countryLabel(b.country) },
          { header: 'Currency', card: 'amount', cell: (b) => b.currency.toUpperCase() },
          { header: 'Status', card: 'status', nowrap: true, cell: (b) => <StatusBadge kind="beneficiary" status={b.status} /> },
        ]}
        noun={['beneficiary', 'beneficiaries']}
      />

      {business.data ? (
        <BeneficiaryFormModal
          businessId={businessId}
          businessCountry={business.data.country.toLowerCase()}
          businessCurrency={business.data.currency}
          beneficiary={null}
          opened={adding}
          onClose={() => setAdding(false)}
          onSaved={(saved) => void navigate(href('payments.beneficiaries-detail', { business_id: businessId, beneficiaryId: saved.id }))}
        />
      ) : null}
    </PageFrame>
  );
}
