import { useState } from 'react';
import { Badge, Button, Group, Menu } from '@mantine/core';
import { IconBuildingBank, IconChevronDown, IconPlus } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'react-router';
import { maskAccount, type BankAccount } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { QueryStatus } from '@/components/query-status';
import { notifyError, notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { bankAccountsQuery, useRemoveBankAccount, useSetDefaultBankAccount } from '@/features/bank-accounts/api/bank-accounts-api';
import { ConfirmIdentityModal, reauthError } from '@/components/confirm-identity-modal';
import { crossBorderParam } from '@/features/bank-accounts/components/bank-account-kind';
import { useBankAccountRoutes } from '@/features/bank-accounts/components/bank-account-routes';

const TYPE_LABEL: Record<BankAccount['type'], string> = { local: 'Local', cross_border: 'Cross-border' };

/** The "Add bank account" menu (local or cross-border), for who may change the accounts; null for anyone else. */
export function AddBankAccountMenu({ businessId }: { businessId: string }) {
  const business = useBusiness(businessId);
  const routes = useBankAccountRoutes();
  const createHref = (crossBorder: boolean) => href(routes.create, { business_id: businessId, isCrossBorder: crossBorderParam(crossBorder) });
  if (!canChange(business.data, 'bank-accounts:manage')) return null;
  return (
    <Menu position="bottom-end">
      <Menu.Target>
        <Button leftSection={<IconPlus size={16} aria-hidden />} rightSection={<IconChevronDown size={14} aria-hidden />}>
          Add bank account
        </Button>
      </Menu.Target>
      <Menu.Dropdown>
        <Menu.Item component={Link} to={createHref(false)}>
          Local account
        </Menu.Item>
        <Menu.Item component={Link} to={createHref(true)}>
          Cross-border account
        </Menu.Item>
      </Menu.Dropdown>
    </Menu>
  );
}

/** The payout bank accounts: masked numbers, one default per currency; adding, editing and removing ask for the password. */
export function BankAccountList({ businessId }: { businessId: string }) {
  const routes = useBankAccountRoutes();
  const business = useBusiness(businessId);
  const accounts = useQuery(bankAccountsQuery(businessId));
  const canEdit = canChange(business.data, 'bank-accounts:manage');
  const setDefault = useSetDefaultBankAccount(businessId);
  const remove = useRemoveBankAccount(businessId);
  const [removing, setRemoving] = useState<BankAccount | null>(null);
  const createHref = (crossBorder: boolean) => href(routes.create, { business_id: businessId, isCrossBorder: crossBorderParam(crossBorder) });

  const rows = accounts.data ?? [];
  return (
    <>
      <QueryStatus query={accounts} loadingLabel="Loading bank accounts" />
      {accounts.isSuccess && rows.length === 0 ? (
        <EmptyState
          icon={<IconBuildingBank aria-hidden />}
          title="No bank accounts yet"
          description="Add the account your payouts should go to."
          action={
            canEdit ? (
              <Button component={Link} to={createHref(false)}>
                Add a local account
              </Button>
            ) : undefined
          }
        />
      ) : null}
      {rows.length > 0 ? (
        <DataList
          label="Bank accounts"
          rows={rows}
          rowKey={(a) => a.id}
          rowHref={(a) =>
            canEdit
              ? href(routes.edit, {
                  business_id: businessId,
                  bank_account: a.id,
                  isCrossBorder: crossBorderParam(a.type === 'cross_border'),
                })
              : undefined
          }
          striped={false}
          columns={[
            { header: 'Account', card: 'title', cell: (a) => a.bank_name },
            {
              header: 'Default',
              card: 'status',
              nowrap: true,
              cell: (a) =>
                a.is_default ? (
                  <Badge variant="light" color="green">
                    Default
                  </Badge>
                ) : (
                  ''
                ),
            },
            { header: 'Holder', card: 'secondary', cell: (a) => a.holder_name },
            { header: 'Number', nowrap: true, cell: (a) => `${a.is_iban ? 'IBAN ' : ''}${maskAccount(a.account_last4)}` },
            { header: 'Currency', cell: (a) => a.currency.toUpperCase() },
            { header: 'Type', cell: (a) => TYPE_LABEL[a.type] },
            ...(canEdit
              ? [
                  {
                    header: 'Actions',
                    card: 'actions' as const,
                    nowrap: true,
                    align: 'right' as const,
                    cell: (a: BankAccount) => {
                      const name = `${a.bank_name} ${maskAccount(a.account_last4)}`;
                      return (
                        <Group gap="xs" justify="flex-end" wrap="nowrap">
                          {a.is_default ? null : (
                            <Button
                              variant="subtle"
                              size="compact-sm"
                              loading={setDefault.isPending && setDefault.variables === a.id}
                              onClick={() =>
                                setDefault.mutate(a.id, { onSuccess: () => notifySuccess(`${name} is now the default for ${a.currency.toUpperCase()}.`) })
                              }
                              aria-label={`Make ${name} the default`}
                            >
                              Make default
                            </Button>
                          )}
                          <Button variant="subtle" color="red" size="compact-sm" onClick={() => setRemoving(a)} aria-label={`Remove ${name}`}>
                            Remove
                          </Button>
                        </Group>
                      );
                    },
                  },
                ]
              : []),
          ]}
        />
      ) : null}
      <ConfirmIdentityModal
        opened={removing !== null}
        onClose={() => {
          setRemoving(null);
          remove.reset();
        }}
        title="Remove bank account?"
        description={
          removing
            ? `${removing.bank_name} ${maskAccount(removing.account_last4)} will no longer receive payouts.${removing.is_default ? ' The newest other account of its currency becomes the default.' : ''} Confirm with your password.`
            : ''
        }
        confirmLabel="Remove bank account"
        danger
        pending={remove.isPending}
        error={reauthError(remove.error)}
        onConfirm={(fields) => {
          if (!removing) return;
          remove.mutate(
            { id: removing.id, ...fields },
            {
              onSuccess: () => {
                notifySuccess(`${removing.bank_name} ${maskAccount(removing.account_last4)} removed.`);
                setRemoving(null);
                remove.reset();
              },
              onError: (error) => {
                if (!reauthError(error)) notifyError(error);
              },
            },
          );
        }}
      />
    </>
  );
}
