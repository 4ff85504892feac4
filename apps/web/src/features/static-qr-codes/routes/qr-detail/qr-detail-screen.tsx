import { Anchor, Box, Button, Group, Image, Paper, Stack, Text, Title } from '@mantine/core';
import { modals } from '@/lib/modals';
import { IconArchive, IconDownload, IconPencil, IconPrinter } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { formatMoneyWithCode, formatPaidSummary } from '@merchant/core';
import { type StaticQrDetail } from '@merchant/payments';
import { href } from '@/app/route-table';
import { DetailLayout } from '@/components/detail-layout';
import { QueryPage } from '@/components/query-status';
import { SourcePaymentsSection } from '@/components/source-payments-table';
import { notifySuccess } from '@/lib/notify';
import { canChange, useBusiness } from '@/lib/session';
import { qrPaymentsQuery, qrQuery, useArchiveQr } from '@/features/static-qr-codes/api/static-qr-api';
import classes from './qr-print.module.css';
import { StatusBadge } from '@/components/status-badge';
import { wrapPoints } from '@/components/long-text';

const svgDataUrl = (svg: string) => `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`;
const fileName = (qr: StaticQrDetail, ext: string) =>
  `qr-${
    qr.name
      .toLowerCase()
      .replace(/[^a-z0-9]+/g, '-')
      .replace(/^-|-$/g, '') || 'code'
  }.${ext}`;

export function Component() {
  const { business_id: businessId = '', static_qr_code_id: id = '' } = useParams();
  const qr = useQuery(qrQuery(businessId, id));
  if (!qr.data) return <QueryPage title="Static QR code" query={qr} loadingLabel="Loading the QR code" />;
  return <QrDetail businessId={businessId} qr={qr.data} />;
}

function QrDetail({ businessId, qr }: { businessId: string; qr: StaticQrDetail }) {
  const business = useBusiness(businessId);
  const canCreate = canChange(business.data, 'payments:create');
  const payments = useInfiniteQuery(qrPaymentsQuery(businessId, qr.id));
  const archive = useArchiveQr(businessId, qr.id);
  const amount = qr.amount === null ? null : formatMoneyWithCode(qr.amount, qr.currency);

  const confirmArchive = () =>
    modals.openConfirmModal({
      title: 'Archive QR code',
      children: <Text size="sm">Customers who scan “{qr.name}” can no longer pay. Printed copies stop working. This cannot be undone.</Text>,
      labels: { confirm: 'Archive', cancel: 'Keep it' },
      confirmProps: { color: 'red' },
      onConfirm: () => archive.mutate(undefined, { onSuccess: () => notifySuccess('QR code archived.') }),
    });

  const mayChange = canCreate && qr.status === 'active';
  const actions = [
    { label: 'Print', icon: <IconPrinter size={16} aria-hidden />, onClick: () => window.print() },
    mayChange && {
      label: 'Edit',
      to: href('payments.static-qr-edit', { business_id: businessId, static_qr_code_id: qr.id }),
      icon: <IconPencil size={16} aria-hidden />,
    },
    mayChange && { label: 'Archive', danger: true, icon: <IconArchive size={16} aria-hidden />, onClick: confirmArchive, loading: archive.isPending },
  ];

  return (
    <DetailLayout
      back={{ to: href('payments.static-qr', { business_id: businessId }), label: 'All static QR codes' }}
      title={qr.name}
      status={<StatusBadge kind="staticQr" status={qr.status} />}
      facts={[
        { label: 'Amount', value: amount ?? `Customer chooses (${qr.currency.toUpperCase()})` },
        { label: 'Paid', value: qr.paid_count > 0 ? formatPaidSummary(qr.paid_count, qr.paid_total, qr.currency) : 'Not yet' },
      ]}
      actions={actions}
      side={
        <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="qr-facts" className={classes.noPrint}>
          <Stack gap="sm">
            <Title order={2} size="h4" id="qr-facts">
              Details
            </Title>
            <Text size="sm" style={{ overflowWrap: 'break-word' }}>
              URL:{' '}
              <Anchor href={qr.url} target="_blank" rel="noreferrer" data-testid="qr-url">
                {wrapPoints(qr.url)}
              </Anchor>
            </Text>
          </Stack>
        </Paper>
      }
      below={
        <SourcePaymentsSection
          id="qr-payments"
          query={payments}
          paymentHref={(p) => href('payments.transactions-detail', { business_id: businessId, b_charge: p.id })}
          className={classes.noPrint}
        />
      }
    >
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} className={classes.sheet} component="section" aria-label="QR code to print">
        <Stack gap="xs" align="center">
          <Text fw={700} size="lg">
            {business.data?.name}
          </Text>
          <Box bg="white" p="xs" style={{ borderRadius: 8 }}>
            <Image src={qr.qr_png} alt={`QR code of ${qr.url}`} w={240} h={240} />
          </Box>
          <Text fw={600}>{qr.name}</Text>
          {qr.location_label ? <Text size="sm">{qr.location_label}</Text> : null}
          <Text size="sm">{amount ? `Scan to pay ${amount}` : 'Scan to pay'}</Text>
          <Group gap="xs" className={classes.noPrint} mt="xs">
            <Button
              component="a"
              href={qr.qr_png}
              download={fileName(qr, 'png')}
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              Download PNG
            </Button>
            <Button
              component="a"
              href={svgDataUrl(qr.qr_svg)}
              download={fileName(qr, 'svg')}
              variant="default"
              size="xs"
              leftSection={<IconDownload size={14} aria-hidden />}
            >
              Download SVG
            </Button>
          </Group>
        </Stack>
      </Paper>
    </DetailLayout>
  );
}
