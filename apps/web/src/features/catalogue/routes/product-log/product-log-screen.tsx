import { Select, SimpleGrid } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery } from '@tanstack/react-query';
import { useParams } from 'react-router';
import { PRODUCT_LOG_KIND_LABELS, PRODUCT_LOG_KINDS, ProductLogFiltersSchema, productLogEndpoints } from '@merchant/catalogue';
import { DateField } from '@/components/date-field';
import { countSet, FilterBar } from '@/components/folded-filters';
import { DateRangeFields } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { PageFrame } from '@/components/page-frame';
import { downloadUrl } from '@/lib/download-url';
import { formatBusinessDateTime } from '@/lib/format';
import { useBusinessTimeZone } from '@/lib/session';
import { useUrlParams } from '@/lib/use-url-params';
import { productLogQuery, productsQuery } from '../../api/catalogue-api';
import { useCatalogueLinks } from '../../components/catalogue-routes';
import { logFieldLabel, logValue } from '../../components/log-values';

const KEYS = ['product_id', 'kind', 'from', 'to'] as const;
const KIND_OPTIONS = PRODUCT_LOG_KINDS.map((k) => ({ value: k, label: PRODUCT_LOG_KIND_LABELS[k] }));

/** Every change to a product's price, availability and name: who and when, filtered by product, kind and days, with its CSV. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const zone = useBusinessTimeZone(businessId);
  const links = useCatalogueLinks(businessId);
  const { params, set, clear } = useUrlParams();
  const parsed = ProductLogFiltersSchema.safeParse({
    product_id: params.get('product_id') ?? undefined,
    kind: params.get('kind') ?? undefined,
    from: params.get('from') ?? undefined,
    to: params.get('to') ?? undefined,
  });
  const filters = parsed.success ? parsed.data : null;
  const log = useInfiniteQuery({ ...productLogQuery(businessId, filters ?? {}), enabled: filters !== null });
  const products = useInfiniteQuery(productsQuery(businessId, { status: 'all', sort: 'name' }, 100));
  const productOptions = (products.data?.pages.flatMap((p) => p.data) ?? []).map((p) => ({ value: p.id, label: p.name }));
  const rows = log.data?.pages.flatMap((p) => p.data) ?? [];
  const active = countSet(params, KEYS);
  const issue = (key: string) => (parsed.success ? undefined : parsed.error.issues.find((i) => i.path[0] === key)?.message);
  const exportHref = downloadUrl(productLogEndpoints.export, { business_id: businessId }, filters ?? {});

  return (
    <PageFrame
      title="Product logs"
      description="Every change to a price, where a product is sold and its name: who made it and when."
      actions={[filters && { label: 'Export CSV', icon: <IconDownload size={16} aria-hidden />, href: exportHref, download: true }]}
    >
      <FilterBar active={active} onClear={clear}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select
            label="Product"
            placeholder="Any product"
            data={productOptions}
            value={params.get('product_id')}
            onChange={(v) => set('product_id', v)}
            error={issue('product_id')}
            searchable
            clearable
          />
          <Select
            label="Kind"
            placeholder="Any kind"
            data={KIND_OPTIONS}
            value={params.get('kind')}
            onChange={(v) => set('kind', v)}
            error={issue('kind')}
            clearable
          />
          <DateRangeFields
            from={<DateField label="From" value={params.get('from')} onChange={(day) => set('from', day || null)} error={issue('from')} />}
            to={<DateField label="To" value={params.get('to')} onChange={(day) => set('to', day || null)} error={issue('to')} />}
            zone={zone}
          />
        </SimpleGrid>
      </FilterBar>

      <PagedTable
        query={log}
        loadingLabel="Loading the product log"
        loading={filters !== null}
        empty={{
          icon: <IconHistory aria-hidden />,
          title: active > 0 ? 'No change matches these filters' : 'No changes yet',
          description: active > 0 ? 'Clear a filter to see more.' : 'Changes to prices, availability and names show here as they are made.',
        }}
        label="Product log"
        rows={rows}
        rowKey={(e) => e.id}
        rowHref={(e) => links.product(e.product_id)}
        columns={[
          { header: 'Product', card: 'title', cell: (e) => [e.product_name, e.variant_name].filter(Boolean).join(' · ') },
          { header: 'When', card: 'secondary', nowrap: true, cell: (e) => <time dateTime={e.created_at}>{formatBusinessDateTime(e.created_at, zone)}</time> },
          { header: 'Change', cell: (e) => `${PRODUCT_LOG_KIND_LABELS[e.kind]}: ${logFieldLabel(e.field)}${e.location_name ? ` at ${e.location_name}` : ''}` },
          { header: 'Before', cell: (e) => logValue(e, e.before) },
          { header: 'After', cell: (e) => logValue(e, e.after) },
          { header: 'By', cell: (e) => e.actor?.name ?? 'System' },
        ]}
        minWidth={720}
        noun={['change', 'changes']}
      />
    </PageFrame>
  );
}
