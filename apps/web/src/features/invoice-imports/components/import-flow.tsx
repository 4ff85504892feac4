import { useState } from 'react';
import { Alert, Anchor, Group } from '@mantine/core';
import { IconInfoCircle } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { z } from 'zod';
import type { InvoiceImport } from '@merchant/payments';
import { href } from '@/app/route-table';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { canChange, useBusiness, useBusinessTimeZone } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { invoiceImportQuery } from '@/features/invoice-imports/api/invoice-imports-api';
import { ImportReview } from './import-review';
import { ImportUpload, type ImportPurpose } from './import-upload';
import { RecentImports } from './recent-imports';
import { formatDateTime } from '@merchant/core';

const PAGES: Record<
  ImportPurpose,
  { title: string; description: string; other: { route: 'payments.invoices-bulk-create' | 'payments.invoices-feed-upload'; label: string } }
> = {
  template: {
    title: 'Bulk create invoices',
    description: 'Fill in our CSV template with one invoice per row, upload it, check the rows, then create them all as drafts.',
    other: { route: 'payments.invoices-feed-upload', label: 'Have an export from another system? Upload a feed file' },
  },
  feed: {
    title: 'Upload invoice feed file',
    description:
      'Bring invoices over from your billing or accounting system: upload its CSV export as it is. Its columns are matched to ours by name; you check every row before anything is created.',
    other: { route: 'payments.invoices-bulk-create', label: 'Starting from scratch? Use the template' },
  },
};

const ImportIdSchema = z.uuid();

/**
 * One upload flow for both screens (docs/decisions.md): upload, preview with every bad row and why, confirm,
 * progress, result. The import's id lives in the URL, so a reload or a shared link comes back to it.
 */
export function ImportFlow({ purpose }: { purpose: ImportPurpose }) {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const zone = useBusinessTimeZone(businessId);
  const { params, set } = useUrlParams();
  const parsedId = ImportIdSchema.safeParse(params.get('import'));
  const importId = parsedId.success ? parsedId.data : null;
  const [earlier, setEarlier] = useState<InvoiceImport | null>(null);
  const imported = useQuery({ ...invoiceImportQuery(businessId, importId ?? ''), enabled: importId !== null });
  const canCreate = canChange(business.data, 'payments:create');
  const page = PAGES[purpose];

  const onUploaded = (result: InvoiceImport, alreadyUploaded: boolean) => {
    setEarlier(alreadyUploaded ? result : null);
    set('import', result.id);
  };
  const another = () => {
    setEarlier(null);
    set('import', null);
  };

  return (
    <PageFrame
      title={page.title}
      description={page.description}
      actions={
        <Group gap="xs">
          <Anchor component={Link} to={href(page.other.route, { business_id: businessId })} size="sm">
            {page.other.label}
          </Anchor>
        </Group>
      }
    >
      {earlier && earlier.id === importId ? (
        <Alert color="blue" icon={<IconInfoCircle aria-hidden />} title="This file was uploaded before">
          {`It was uploaded on ${formatDateTime(earlier.created_at, zone)}: here is that import, so nothing is created twice.`}
        </Alert>
      ) : null}
      {importId === null ? (
        <>
          <ImportUpload businessId={businessId} purpose={purpose} onUploaded={onUploaded} />
          <RecentImports businessId={businessId} />
        </>
      ) : imported.data ? (
        <ImportReview businessId={businessId} imported={imported.data} canCreate={canCreate} onAnother={another} />
      ) : (
        <QueryStatus query={imported} loadingLabel="Loading the import" />
      )}
    </PageFrame>
  );
}
