import { Badge, Button, Group, Select, SimpleGrid, Stack, Text } from '@mantine/core';
import { IconDownload, IconHistory } from '@tabler/icons-react';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { useMemo } from 'react';
import { useParams } from 'react-router';
import { useUrlParams } from '@/lib/use-url-params';
import { FilterBar } from '@/components/folded-filters';
import { DateRangeFields } from '@/components/list-filters';
import { AUDIT_EXPORT_MAX_ROWS, AuditLogFiltersSchema, type AuditLogFilters, type BusinessAuditLogEntry } from '@merchant/business';
import { PageFrame } from '@/components/page-frame';
import { canView, useBusiness, useBusinessTimeZone } from '@/lib/session';
import { auditActionsQuery, auditExportHref, auditLogQuery, auditPeopleQuery } from '@/features/business-audit-log/api/audit-log-api';
import { PagedTable } from '@/components/paged-table';
import { formatBusinessDateTime } from '@/lib/format';
import { DateField } from '@/components/date-field';
import { AuditObjectLink } from '@/features/business-audit-log/components/audit-object-link';
import { describeAddress, describeUserAgent, formatNumber } from '@merchant/core';
import { wrapPoints } from '@/components/long-text';

const FILTER_KEYS = ['person', 'action', 'from', 'to'] as const;
type FilterKey = (typeof FILTER_KEYS)[number];

/** The filters as the URL holds them, checked with the server's own schema. */
function useUrlFilters() {
  const { params: search, set, clear } = useUrlParams();
  const raw = useMemo(() => {
    const out: Partial<Record<FilterKey, string>> = {};
    for (const key of FILTER_KEYS) {
      const value = search.get(key);
      if (value) out[key] = value;
    }
    return out;
  }, [search]);
  const parsed = AuditLogFiltersSchema.safeParse(raw);
  const errors: Partial<Record<FilterKey, string>> = {};
  if (!parsed.success) for (const issue of parsed.error.issues) errors[issue.path[0] as FilterKey] ??= issue.message;
  const setFilter = (key: FilterKey, value: string | null) => set(key, value);
  return { raw, filters: parsed.success ? (parsed.data as AuditLogFilters) : null, errors, setFilter, clear };
}

export function Component() {
  const { business_id: businessId = '' } = useParams();
  const business = useBusiness(businessId);
  const zone = useBusinessTimeZone(businessId);
  const { raw, filters, errors, setFilter, clear } = useUrlFilters();
  const logs = useInfiniteQuery({ ...auditLogQuery(businessId, filters ?? {}), enabled: filters !== null });
  const actions = useQuery(auditActionsQuery(businessId));
  const canSeeStaff = canView(business.data, 'staff:view');
  const people = useQuery({ ...auditPeopleQuery(businessId), enabled: canSeeStaff });
  const entries = logs.data?.pages.flatMap((page) => page.data) ?? [];
  const filtered = Object.keys(raw).length > 0;

  const personOptions = (people.data ?? []).map((p) => ({ value: p.user_id, label: `${p.name} (${p.email})` }));
  const actionOptions = (actions.data ?? []).map((a) => ({ value: a.action, label: a.label === a.action ? a.action : `${a.label} (${a.action})` }));
  // A bookmarked filter whose value is no longer listed still shows (once the list is known: not its id for a moment).
  if (raw.action && actions.isSuccess && !actionOptions.some((o) => o.value === raw.action)) actionOptions.unshift({ value: raw.action, label: raw.action });
  if (raw.person && !personOptions.some((o) => o.value === raw.person)) personOptions.unshift({ value: raw.person, label: 'Former member' });

  return (
    <PageFrame
      title="Audit logs"
      description="Who did what in this business, when and from where. Entries cannot be edited or deleted. Days and times are the business's, in its time zone."
      actions={
        <Button
          component="a"
          href={filters ? auditExportHref(businessId, filters) : undefined}
          download
          variant="default"
          leftSection={<IconDownload size={16} aria-hidden />}
          aria-disabled={filters === null}
          title={`Downloads at most ${formatNumber(AUDIT_EXPORT_MAX_ROWS, 0)} entries, newest first`}
        >
          Export CSV
        </Button>
      }
    >
      <FilterBar active={Object.keys(raw).length}>
        <SimpleGrid cols={{ base: 1, sm: 2, lg: 4 }} spacing="sm">
          <Select
            label="Person"
            placeholder="Everyone"
            data={personOptions}
            value={raw.person ?? null}
            onChange={(value) => setFilter('person', value)}
            error={errors.person}
            searchable
            clearable
            disabled={!canSeeStaff}
            nothingFoundMessage="No one found"
          />
          <Select
            label="Action"
            placeholder="All actions"
            data={actionOptions}
            value={raw.action ?? null}
            onChange={(value) => setFilter('action', value)}
            error={errors.action}
            searchable
            clearable
            nothingFoundMessage="No action found"
          />
          <DateRangeFields
            from={<DateField label="From" value={raw.from} onChange={(day) => setFilter('from', day || null)} error={errors.from} />}
            to={<DateField label="To" value={raw.to} onChange={(day) => setFilter('to', day || null)} error={errors.to} />}
            zone={zone}
          />
        </SimpleGrid>
        {filtered ? (
          <Group justify="flex-end" mt="sm">
            <Button variant="subtle" size="compact-sm" onClick={clear}>
              Clear filters
            </Button>
          </Group>
        ) : null}
      </FilterBar>

      <PagedTable
        query={logs}
        loadingLabel="Loading audit logs"
        loading={filters !== null}
        empty={{
          icon: <IconHistory aria-hidden />,
          title: filtered ? 'No entries match these filters' : 'Nothing recorded yet',
          description: filtered ? 'Try another person, action or date range.' : 'Changes to staff, settings and the business will be listed here.',
          action: filtered ? (
            <Button variant="default" onClick={clear}>
              Clear filters
            </Button>
          ) : undefined,
        }}
        label="Audit log entries"
        rows={entries}
        rowKey={(entry) => entry.id}
        columns={[
          {
            header: 'What',
            card: 'title',
            cell: (entry) => (
              <Stack gap={2} component="span">
                <Text span size="sm" inherit style={{ whiteSpace: 'pre-wrap' }}>
                  {entry.description}
                </Text>
                <AuditObjectLink businessId={businessId} business={business.data} objectType={entry.object_type} objectId={entry.object_id} />
              </Stack>
            ),
          },
          {
            header: 'When',
            card: 'secondary',
            nowrap: true,
            cell: (entry) => <time dateTime={entry.created_at}>{formatBusinessDateTime(entry.created_at, zone)}</time>,
          },
          { header: 'Who', cell: (entry) => <Actor entry={entry} /> },
          {
            header: 'Where',
            cell: (entry) => (
              // The address whole on its line, then the client as people name it ("Chrome on macOS", "API client").
              <Stack gap={2}>
                <Text size="sm" style={{ whiteSpace: 'nowrap' }} title={entry.ip ?? undefined}>
                  {describeAddress(entry.ip)}
                </Text>
                {entry.user_agent ? (
                  <Text size="xs" c="dimmed" title={entry.user_agent}>
                    {describeUserAgent(entry.user_agent)}
                  </Text>
                ) : null}
              </Stack>
            ),
          },
        ]}
        minWidth={760}
        noun={['entry', 'entries']}
      />
    </PageFrame>
  );
}

function Actor({ entry }: { entry: BusinessAuditLogEntry }) {
  if (!entry.actor) {
    return (
      <Text size="sm" c="dimmed">
        System
      </Text>
    );
  }
  return (
    <Stack gap={2}>
      <Group gap={6} wrap="nowrap">
        <Text size="sm" fw={500}>
          {entry.actor.name ?? 'Deleted user'}
        </Text>
        {entry.actor.role ? (
          <Badge size="xs" variant="light" color="gray">
            {entry.actor.role}
          </Badge>
        ) : null}
      </Group>
      {entry.actor.email ? (
        <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
          {wrapPoints(entry.actor.email)}
        </Text>
      ) : null}
    </Stack>
  );
}
