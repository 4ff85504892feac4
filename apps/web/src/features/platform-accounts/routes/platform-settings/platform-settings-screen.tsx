import { Button, Card, Group, Stack, Text, TextInput, Title } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatLocalDate, formatMoneyWithCode } from '@merchant/core';
import { InvitePlatformBusinessBodySchema, type PlatformLink, type PlatformTotal } from '@merchant/payments';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { ErrorState } from '@/components/error-state';
import { useZodForm } from '@/components/form/use-zod-form';
import { LoadingScreen } from '@/components/loading-screen';
import { PageFrame } from '@/components/page-frame';
import { StatusBadge } from '@/components/status-badge';
import { errorMessage } from '@/lib/error-message';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { useBusiness } from '@/lib/session';
import { platformOverviewQuery, useEndPlatformLink, useInviteBusiness } from '../../api/platform-api';
import { PlatformCommissionForm } from '../../components/platform-commission-form';
import { PlatformInvoiceForm } from '../../components/platform-invoice-form';
import { PlatformPayments } from '../../components/platform-payments';
import { PlatformRequestForm } from '../../components/platform-request-form';

const totals = (list: PlatformTotal[]) => (list.length === 0 ? '—' : list.map((t) => formatMoneyWithCode(t.amount, t.currency)).join(', '));

/**
 * Platform (settings/platform, only for a platform business; docs/developers.md, "Platform accounts"): the linked
 * businesses with their volume and the fees earned, invitations, the commission rate, a payment request and an invoice
 * with a platform fee, the recent platform fees and the payments made through the platform (a page at a time).
 */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const query = useQuery(platformOverviewQuery(businessId));
  const invite = useInviteBusiness(businessId);
  const end = useEndPlatformLink(businessId);
  const form = useZodForm(InvitePlatformBusinessBodySchema, { business: '' });

  if (query.isError) return <ErrorState message={errorMessage(query.error)} onRetry={() => void query.refetch()} />;
  if (!query.data || !business.data) return <LoadingScreen />;
  const zone = business.data.time_zone;
  const { links, recent_fees } = query.data;
  const live = links.filter((l) => l.status === 'active');
  const pending = links.filter((l) => l.status === 'pending');
  // Links that ended after being live; declined and withdrawn invitations were never linked.
  const past = links.filter((l) => l.status === 'ended' && l.linked_at !== null);

  const sendInvite = form.onSubmit((body) =>
    invite.mutate(body, {
      onSuccess: (link) => {
        notifySuccess(`Invitation sent to ${link.business_name}'s owners.`);
        form.reset();
      },
      onError: (error) => form.handleServerError(error),
    }),
  );

  const confirmEnd = (l: PlatformLink) =>
    modals.openConfirmModal({
      title: l.status === 'pending' ? `Withdraw the invitation to ${l.business_name}?` : `End the link with ${l.business_name}?`,
      children: (
        <Text size="sm">
          You will no longer create payment requests for {l.business_name} or earn fees on its payments. The owners of both businesses get an email.
        </Text>
      ),
      labels: { confirm: l.status === 'pending' ? 'Withdraw invitation' : 'End link', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () =>
        end.mutate(l.link_id, {
          onSuccess: () => notifySuccess(l.status === 'pending' ? 'Invitation withdrawn.' : `The link with ${l.business_name} has ended.`),
        }),
    });

  const endButton = (l: PlatformLink) => (
    <Button size="xs" variant="light" color="red" onClick={() => confirmEnd(l)} loading={end.isPending && end.variables === l.link_id}>
      {l.status === 'pending' ? `Withdraw invitation to ${l.business_name}` : `End link with ${l.business_name}`}
    </Button>
  );

  return (
    <PageFrame title="Platform" description="Businesses linked to your platform, the payment requests you make for them and the fees you earn.">
      <Stack gap="lg">
        <section aria-labelledby="linked-title">
          <Title order={2} size="h4" id="linked-title" mb="xs">
            Linked businesses
          </Title>
          {live.length + past.length === 0 ? (
            <EmptyState title="No linked businesses" description="Invite a business below: it is linked once its owner accepts." />
          ) : (
            <DataList
              label="Linked businesses"
              rows={[...live, ...past]}
              rowKey={(l) => l.link_id}
              columns={[
                { header: 'Business', cell: (l) => l.business_name, card: 'title' },
                { header: 'Status', cell: (l) => <StatusBadge kind="platformLink" status={l.status} />, card: 'status', nowrap: true },
                { header: 'Volume', cell: (l) => totals(l.volume), card: 'meta' },
                { header: 'Fees earned', cell: (l) => totals(l.fees), card: 'meta' },
                { header: 'Linked on', cell: (l) => formatLocalDate(l.linked_at, zone), card: 'meta', nowrap: true, hideWhenEmpty: true },
                { header: 'Actions', cell: (l) => (l.status === 'active' ? endButton(l) : null), card: 'actions' },
              ]}
            />
          )}
        </section>

        <Card withBorder radius="md" padding="md" component="section" aria-labelledby="invite-title">
          <Title order={2} size="h4" id="invite-title" mb="xs">
            Invite a business
          </Title>
          <form onSubmit={sendInvite} noValidate>
            <Group align="flex-end" wrap="wrap">
              <TextInput
                {...form.field('business')}
                label="Business identifier or owner email"
                description="Its owner is asked to accept in their dashboard"
                maxLength={254}
                style={{ flex: '1 1 240px' }}
                required
              />
              <Button type="submit" loading={invite.isPending}>
                Send invitation
              </Button>
            </Group>
          </form>
        </Card>

        <section aria-labelledby="pending-title">
          <Title order={2} size="h4" id="pending-title" mb="xs">
            Pending invitations
          </Title>
          {pending.length === 0 ? (
            <Text size="sm" c="dimmed">
              No invitation is waiting for an answer.
            </Text>
          ) : (
            <DataList
              label="Pending invitations"
              rows={pending}
              rowKey={(l) => l.link_id}
              columns={[
                { header: 'Business', cell: (l) => l.business_name, card: 'title' },
                { header: 'Invited on', cell: (l) => formatLocalDate(l.invited_at, zone), card: 'meta', nowrap: true },
                { header: 'Actions', cell: endButton, card: 'actions' },
              ]}
            />
          )}
        </section>

        <PlatformCommissionForm businessId={businessId} commissionBps={query.data.commission_bps} />

        <PlatformRequestForm businessId={businessId} links={live} currency={business.data.currency} />

        <PlatformInvoiceForm businessId={businessId} links={live} currency={business.data.currency} />

        <section aria-labelledby="fees-title">
          <Title order={2} size="h4" id="fees-title" mb="xs">
            Recent platform fees
          </Title>
          {recent_fees.length === 0 ? (
            <Text size="sm" c="dimmed">
              No platform fee yet: fees are earned when payment requests you made are paid.
            </Text>
          ) : (
            <DataList
              label="Recent platform fees"
              rows={recent_fees}
              rowKey={(f) => f.id}
              columns={[
                { header: 'Business', cell: (f) => f.business_name, card: 'title' },
                { header: 'Fee', cell: (f) => formatMoneyWithCode(f.fee, f.currency), card: 'status', nowrap: true },
                { header: 'Payment', cell: (f) => formatMoneyWithCode(f.payment_amount, f.currency), card: 'meta', nowrap: true },
                { header: 'Date', cell: (f) => formatLocalDate(f.created_at, zone), card: 'meta', nowrap: true },
              ]}
            />
          )}
        </section>

        <PlatformPayments businessId={businessId} zone={zone} />
      </Stack>
    </PageFrame>
  );
}
