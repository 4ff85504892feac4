import { useMemo } from 'react';
import { Button, Group, Paper, Select, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { MAPPING_FIELDS, MAPPING_FIELD_LABELS, SaveMappingBodySchema, type AccountingTool, type ConnectionDetail } from '@merchant/payments';
import { useZodForm } from '@/components/form/use-zod-form';
import { notifySuccess } from '@/lib/notify';
import { useSaveMapping } from '@/features/connections/api/connections-api';

const TYPE_LABELS = { revenue: 'Revenue', expense: 'Expense', asset: 'Asset', liability: 'Liability' } as const;

/** The five accounts a journal posts to, each chosen from the tool's chart of accounts. */
export function MappingSection({ businessId, tool, detail }: { businessId: string; tool: AccountingTool; detail: ConnectionDetail }) {
  const initial = useMemo(
    () => ({
      sales_account: detail.mapping?.sales_account ?? '',
      fees_account: detail.mapping?.fees_account ?? '',
      refunds_account: detail.mapping?.refunds_account ?? '',
      clearing_account: detail.mapping?.clearing_account ?? '',
      bank_account: detail.mapping?.bank_account ?? '',
    }),
    [detail.mapping],
  );
  const form = useZodForm(SaveMappingBodySchema, initial);
  const save = useSaveMapping(businessId, tool);
  const options = useMemo(
    () =>
      (['revenue', 'expense', 'asset', 'liability'] as const).map((type) => ({
        group: TYPE_LABELS[type],
        items: detail.chart.filter((a) => a.type === type).map((a) => ({ value: a.code, label: `${a.code} ${a.name}` })),
      })),
    [detail.chart],
  );
  const submit = form.onSubmit((body) =>
    save.mutate(body, {
      onSuccess: () => notifySuccess(`Account mapping of ${detail.label} saved.`),
      onError: form.handleServerError,
    }),
  );

  return (
    <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="account-mapping">
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Title order={2} size="h4" id="account-mapping">
            Account mapping
          </Title>
          <Text size="sm" c="dimmed">
            {detail.mapping
              ? `Journals post to these accounts of ${detail.organisation}.`
              : `Choose the accounts of ${detail.organisation} the journals post to. No journal is posted until they are saved.`}
          </Text>
          <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
            {MAPPING_FIELDS.map((field) => (
              <Select key={field} {...form.field(field)} label={MAPPING_FIELD_LABELS[field]} data={options} searchable allowDeselect={false} required />
            ))}
          </SimpleGrid>
          <Group>
            <Button type="submit" loading={save.isPending}>
              Save mapping
            </Button>
          </Group>
        </Stack>
      </form>
    </Paper>
  );
}
