import { useMemo } from 'react';
import { Alert, Button, Code, Group, Modal, Select, Stack, Text } from '@mantine/core';
import { IconListDetails } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useLocation } from 'react-router';
import { EMPTY_VALUE, formatNumber } from '@merchant/core';
import {
  HTTP_STATUS_LABELS,
  REQUEST_LOG_METHODS,
  REQUEST_LOG_RETENTION_DAYS,
  RequestLogFiltersSchema,
  type RequestLogEntry,
  type RequestLogFilters,
} from '@merchant/payments';
import { DateField } from '@/components/date-field';
import { Fact, FactRow } from '@/components/fact';
import { countSet } from '@/components/folded-filters';
import { DateRangeFields, SearchAndStatus, type ListFilters } from '@/components/list-filters';
import { PagedTable } from '@/components/paged-table';
import { QueryStatus } from '@/components/query-status';
import { StatusBadge } from '@/components/status-badge';
import { formatBusinessDateTime } from '@/lib/format';
import { useUrlParams } from '@/lib/use-url-params';
import { useUrlSearchText } from '@/lib/use-url-search-text';
import { apiKeysQuery } from '@/features/developers/api/api-keys-api';
import { requestLogEntryQuery, requestLogQuery } from '@/features/developers/api/request-log-api';

/** The filters besides the path's search, as the URL names them (the wire's names). */
const FILTER_KEYS = ['api_key_id', 'method', 'status', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number] | 'path';
/** The entry whose details are open. */
const ENTRY = 'entry';

const STATUS_OPTIONS = [
  { value: '2xx', label: '2xx Succeeded' },
  { value: '4xx', label: '4xx Refused' },
  { value: '5xx', label: '5xx Failed' },
  ...Object.entries(HTTP_STATUS_LABELS).map(([value, label]) => ({ value, label })),
];

/** The list's filters in the URL (the path as typed, in the URL after a pause), checked with the server's own schema. */
function useRequestLogFilters() {
  const url = useUrlParams();
  const search = useUrlSearchText('path');
  const raw = useMemo(() => {
    const out: Partial<Record<FilterKey, string>> = {};
    for (const key of [...FILTER_KEYS, 'path'] as const) {
      const value = url.params.get(key);
      if (value) out[key] = value;
    }
    return out;
  }, [url.params]);
  const parsed = RequestLogFiltersSchema.safeParse(raw);
  const errors: Partial<Record<FilterKey, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as FilterKey] ??= issue.message;
  const active = countSet(url.params, FILTER_KEYS);
  // Clearing leaves the screen's other params (its tab) alone.
  const clear = () => {
    search.setText('');
    url.update((next) => [...FILTER_KEYS, 'path', ENTRY].forEach((key) => next.delete(key)));
  };
  const list: ListFilters = { ...url, search, active, filtered: search.value !== '' || active > 0, clear };
  return { raw, filters: parsed.success ? (parsed.data as RequestLogFilters) : null, errors, list };
}

/** A status as the log's badge shows it: its words when known, else its number. */
const statusBadge = (status: number) => <StatusBadge kind="httpStatus" status={String(status)} />;
const keyName = (entry: RequestLogEntry) => entry.api_key.name ?? 'Unknown key';

/**
 * The public API's request log (docs/developers.md, "Request log"): the calls of the business's keys, newest first,
 * filtered by key, method, status, path and days; a row opens its details (`?entry=`).
 */
export function RequestLogSection({ businessId, zone }: { businessId: string; zone: string }) {
  const { raw, filters, errors, list } = useRequestLogFilters();
  const location = useLocation();
  const log = useInfiniteQuery({ ...requestLogQuery(businessId, filters ?? {}), enabled: filters !== null });
  const keys = useQuery(apiKeysQuery(businessId));
  const entries = log.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = list.filtered;
  const keyOptions = (keys.data ?? []).map((k) => ({ value: k.id, label: k.status === 'revoked' ? `${k.name} (revoked)` : k.name }));
  if (raw.api_key_id && !keyOptions.some((o) => o.value === raw.api_key_id)) keyOptions.unshift({ value: raw.api_key_id, label: 'Another key' });
  const entryHref = (entry: RequestLogEntry) => {
    const next = new URLSearchParams(list.params);
    next.set(ENTRY, entry.id);
    return `${location.pathname}?${next.toString()}`;
  };
  const openId = list.params.get(ENTRY);

  return (
    <Stack gap="md">
      <Text size="sm" c="dimmed">
        Every call your keys made to the public API in the last {REQUEST_LOG_RETENTION_DAYS} days, newest first. Calls appear within a few seconds.
      </Text>
      <SearchAndStatus
        filters={list}
        searchLabel="Search paths"
        placeholder="Path contains"
        hint="Part of the path or its query string"
        searchError={errors.path}
        statusOptions={STATUS_OPTIONS}
        cols={{ base: 1, sm: 2, lg: 3 }}
      >
        <Select
          label="Key"
          placeholder="All keys"
          data={keyOptions}
          value={raw.api_key_id ?? null}
          onChange={(value) => list.set('api_key_id', value)}
          error={errors.api_key_id}
          clearable
        />
        <Select
          label="Method"
          placeholder="All methods"
          data={[...REQUEST_LOG_METHODS]}
          value={raw.method ?? null}
          onChange={(value) => list.set('method', value)}
          error={errors.method}
          clearable
        />
        <DateRangeFields
          from={<DateField label="From" value={raw.from} onChange={(day) => list.set('from', day || null)} error={errors.from} />}
          to={<DateField label="To" value={raw.to} onChange={(day) => list.set('to', day || null)} error={errors.to} />}
          zone={zone}
        />
      </SearchAndStatus>
      {errors.status ? <Alert color="red">{errors.status}</Alert> : null}

      <PagedTable
        query={log}
        loadingLabel="Loading the request log"
        loading={filters !== null}
        empty={{
          icon: <IconListDetails aria-hidden />,
          title: filtered ? 'No calls match these filters' : 'No API calls yet',
          description: filtered
            ? 'Try another key, method, status, path or date range.'
            : 'Calls made with your API keys are listed here with their status, duration and idempotency key.',
          action: filtered ? (
            <Button variant="default" onClick={list.clear}>
              Clear filters
            </Button>
          ) : undefined,
        }}
        label="API requests"
        rows={entries}
        rowKey={(entry) => entry.id}
        rowHref={entryHref}
        minWidth={880}
        columns={[
          {
            header: 'Time',
            card: 'secondary',
            nowrap: true,
            cell: (entry) => <time dateTime={entry.created_at}>{formatBusinessDateTime(entry.created_at, zone)}</time>,
          },
          { header: 'Method', nowrap: true, cell: (entry) => entry.method },
          { header: 'Path', card: 'title', cell: (entry) => entry.path },
          { header: 'Status', card: 'status', nowrap: true, cell: (entry) => statusBadge(entry.status) },
          { header: 'Duration', nowrap: true, align: 'right', cell: (entry) => `${formatNumber(entry.duration_ms, 0)} ms` },
          { header: 'Key', cell: keyName },
          { header: 'Idempotency key', hideWhenEmpty: true, cell: (entry) => entry.idempotency_key ?? EMPTY_VALUE },
        ]}
        noun={['call', 'calls']}
      />
      <Modal opened={openId !== null} onClose={() => list.set(ENTRY, null)} title="API request" centered size="lg">
        {openId ? <EntryDetails businessId={businessId} entryId={openId} zone={zone} /> : null}
      </Modal>
    </Stack>
  );
}

function EntryDetails({ businessId, entryId, zone }: { businessId: string; entryId: string; zone: string }) {
  const entry = useQuery(requestLogEntryQuery(businessId, entryId));
  if (!entry.data) return <QueryStatus query={entry} loadingLabel="Loading the request" />;
  const e = entry.data;
  return (
    <Stack gap="md">
      <Group gap="sm" wrap="nowrap" align="flex-start">
        {statusBadge(e.status)}
        <Code style={{ overflowWrap: 'break-word', whiteSpace: 'pre-wrap' }}>{`${e.method} ${e.path}`}</Code>
      </Group>
      {e.error_message ? (
        <Alert color={e.status >= 500 ? 'red' : 'orange'} title="Error message">
          {e.error_message}
        </Alert>
      ) : null}
      <FactRow>
        <Fact label="Time">{formatBusinessDateTime(e.created_at, zone)}</Fact>
        <Fact label="Duration">{`${formatNumber(e.duration_ms, 0)} ms`}</Fact>
        <Fact label="Key">{keyName(e)}</Fact>
      </FactRow>
      <FactRow>
        <Fact label="Idempotency key">{e.idempotency_key ?? EMPTY_VALUE}</Fact>
        <Fact label="Request ID">{e.request_id}</Fact>
      </FactRow>
      <FactRow>
        <Fact label="IP address">{e.ip ?? EMPTY_VALUE}</Fact>
        <Fact label="User agent">{e.user_agent ?? EMPTY_VALUE}</Fact>
      </FactRow>
    </Stack>
  );
}
