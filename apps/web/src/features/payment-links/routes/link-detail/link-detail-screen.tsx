import { Anchor, Box, Button, CopyButton, Group, Image, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconCopy, IconMail, IconPencil, IconX } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode, formatPaidSummary } from '@merchant/core';
import { linkAsksFor, type PaymentLinkDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { Fact } from '@/components/fact';
import { DetailLayout } from '@/components/detail-layout';
import { QueryPage } from '@/components/query-status';
import { SourcePaymentsSection } from '@/components/source-payments-table';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { linkPaymentsQuery, linkQuery, useCancelLink, useSendLink } from '@/features/payment-links/api/payment-links-api';
import { StatusBadge } from '@/components/status-badge';
import { BusinessTime } from '@/components/business-time';
import { wrapPoints } from '@/components/long-text';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;

export function Component() {
  const { business_id: businessId = '', payment_request_id: id = '' } = useParams();
  const link = useQuery(linkQuery(businessId, id));
  if (!link.data) return <QueryPage title="Payment link" query={link} loadingLabel="Loading the payment link" />;
  return <LinkDetail businessId={businessId} link={link.data} />;
}

function LinkDetail({ businessId, link }: { businessId: string; link: PaymentLinkDetail }) {
  const business = useBusiness(businessId);
  const canCreate = canChange(business.data, 'payments:create');
  const payments = useInfiniteQuery(linkPaymentsQuery(businessId, link.id));
  const cancel = useCancelLink(businessId, link.id);
  const send = useSendLink(businessId, link.id);
  const usable = link.status === 'active';

  const confirmCancel = () =>
    modals.openConfirmModal({
      title: 'Cancel payment link',
      children: <Text size="sm">Customers who open “{link.purpose}” can no longer pay. This cannot be undone.</Text>,
      labels: { confirm: 'Cancel link', cancel: 'Keep link' },
      confirmProps: { color: 'red' },
      onConfirm: () => cancel.mutate(undefined, { onSuccess: () => notifySuccess('Payment link cancelled.') }),
    });

  const mayEdit = canCreate && link.editable;
  const actions = [
    mayEdit && {
      label: 'Edit',
      to: href('payments.links-edit', { business_id: businessId, payment_request_id: link.id }),
      icon: <IconPencil size={16} aria-hidden />,
    },
    mayEdit &&
      usable &&
      link.customer_email && {
        label: 'Send by email',
        icon: <IconMail size={16} aria-hidden />,
        loading: send.isPending,
        onClick: () => send.mutate(undefined, { onSuccess: (r) => notifySuccess(`Payment link sent to ${r.to}.`) }),
      },
    mayEdit && { label: 'Cancel link', danger: true, icon: <IconX size={16} aria-hidden />, onClick: confirmCancel, loading: cancel.isPending },
  ];

  return (
    <DetailLayout
      back={{ to: href('payments.links', { business_id: businessId }), label: 'All payment links' }}
      title={link.purpose}
      status={<StatusBadge kind="link" status={link.status} />}
      facts={[
        {
          label: 'Amount',
          value: link.amount === null ? `Customer chooses (${link.currency.toUpperCase()})` : formatMoneyWithCode(link.amount, link.currency),
        },
        { label: 'Paid', value: link.paid_count > 0 ? formatPaidSummary(link.paid_count, link.paid_total, link.currency) : 'Not yet' },
        { label: 'Created', value: <BusinessTime at={link.created_at} /> },
        { label: 'Expires', value: link.expires_at ? <BusinessTime at={link.expires_at} /> : 'Never' },
      ]}
      actions={actions}
      side={
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="link-qr" h="100%">
          <Stack gap="sm" align="center">
            <Title order={2} size="h4" id="link-qr" style={{ alignSelf: 'flex-start' }}>
              QR code
            </Title>
            <Box bg="white" p="xs" style={{ borderRadius: 8 }}>
              <Image src={svgDataUrl(link.qr_svg)} alt={`QR code of ${link.url}`} w={200} h={200} />
            </Box>
            <Button component="a" href={svgDataUrl(link.qr_svg)} download={`payment-link-${link.public_id}.svg`} variant="default" size="xs">
              Download SVG
            </Button>
          </Stack>
        </Paper>
      }
      below={
        <SourcePaymentsSection
          id="link-payments"
          query={payments}
          paymentHref={(p) => href('payments.transactions-detail', { business_id: businessId, b_charge: p.id })}
        />
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="link-share" h="100%">
        <Stack gap="sm">
          <Title order={2} size="h4" id="link-share">
            Share
          </Title>
          <Text size="sm" c="dimmed">
            Public URL
          </Text>
          <Group gap="xs" align="center">
            <Anchor href={link.url} target="_blank" rel="noreferrer" size="sm" style={{ overflowWrap: 'break-word' }} data-testid="link-url">
              {wrapPoints(link.url)}
            </Anchor>
            <CopyButton value={link.url}>
              {({ copied, copy }) => (
                <Button size="compact-sm" variant="default" onClick={copy} leftSection={<IconCopy size={14} aria-hidden />} style={{ flexShrink: 0 }}>
                  {copied ? 'Copied' : 'Copy'}
                </Button>
              )}
            </CopyButton>
          </Group>
          <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" mt="sm">
            <Fact label="Use">{link.single_use ? 'Single use' : 'Reusable'}</Fact>
            <Fact label="Reference">{link.reference ?? '—'}</Fact>
            <Fact label="Customer">{[link.customer_email, link.customer_phone].filter(Boolean).join(' · ') || '—'}</Fact>
            <Fact label="Asks for">{linkAsksFor(link)}</Fact>
            <Fact label="Product">{link.product?.name ?? '—'}</Fact>
            <Fact label="Redirect after payment">{link.redirect_url ?? '—'}</Fact>
          </SimpleGrid>
        </Stack>
      </Paper>
    </DetailLayout>
  );
}
