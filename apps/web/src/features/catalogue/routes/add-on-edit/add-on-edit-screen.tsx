import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { useNavigate, useParams } from 'react-router';
import { AddOnGroupBodySchema, MAX_ADD_ON_CHOICES, type AddOnGroup } from '@merchant/catalogue';
import { NumberField } from '@/components/form/number-field';
import { SwitchRow } from '@/components/form/switch-row';
import { useZodForm } from '@/components/form/use-zod-form';
import { MoneyInput } from '@/components/money-input';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { EditForm } from '@/components/sub-header-bar/edit-form';
import { modals } from '@/lib/modals';
import { notifySuccess } from '@/lib/notify';
import { useBusiness, useCanChange } from '@/lib/session';
import { addOnGroupQuery, useRemoveAddOnGroup, useSaveAddOnGroup } from '../../api/catalogue-api';
import { useCatalogueLinks } from '../../components/catalogue-routes';

type Values = {
  name: string;
  min_choices: number | null;
  max_choices: number | null;
  required: boolean;
  choices: { id?: string; name: string; price: number | null }[];
};

const valuesOf = (g: AddOnGroup | null): Values =>
  g
    ? {
        name: g.name,
        min_choices: g.min_choices,
        max_choices: g.max_choices,
        required: g.required,
        choices: g.choices.map((c) => ({ id: c.id, name: c.name, price: c.price.amount })),
      }
    : { name: '', min_choices: 0, max_choices: 1, required: false, choices: [{ name: '', price: 0 }] };

/** Create or change an add-on group: its choices with their prices, how many may be chosen, and whether it is required. */
export function Component() {
  const { business_id: businessId = '', b_add_on_id: groupId } = useParams();
  const business = useBusiness(businessId);
  const group = useQuery({ ...addOnGroupQuery(businessId, groupId ?? ''), enabled: groupId !== undefined });
  if ((groupId !== undefined && !group.data) || !business.data)
    return <QueryPage title="Edit add-on" query={groupId !== undefined ? group : business} loadingLabel="Loading the add-on group" />;
  const currency = group.data?.choices[0]?.price.currency ?? business.data.currency;
  return <AddOnForm key={group.data?.id ?? 'new'} businessId={businessId} group={group.data ?? null} currency={currency} />;
}

function AddOnForm({ businessId, group, currency }: { businessId: string; group: AddOnGroup | null; currency: string }) {
  const navigate = useNavigate();
  const links = useCatalogueLinks(businessId);
  const canManage = useCanChange(businessId, 'catalogue:manage');
  const canPrice = useCanChange(businessId, 'catalogue:pricing') && canManage;
  const [start, setStart] = useState(() => valuesOf(group));
  const form = useZodForm(AddOnGroupBodySchema, start);
  const save = useSaveAddOnGroup(businessId);
  const remove = useRemoveAddOnGroup(businessId);
  const back = links.addOns ?? links.products;
  const dirty = JSON.stringify(form.values) !== JSON.stringify(start);
  const { choices } = form.values;

  const submit = form.onSubmit((body) =>
    save.mutate(
      { groupId: group?.id ?? null, body },
      {
        onSuccess: (saved) => {
          notifySuccess(group ? `${saved.name} saved.` : `${saved.name} added.`);
          const next = valuesOf(saved);
          setStart(next);
          form.reset(next);
          void navigate(back);
        },
        onError: form.handleServerError,
      },
    ),
  );

  const confirmRemove = () =>
    group &&
    modals.openConfirmModal({
      title: `Delete “${group.name}”?`,
      children: <Text size="sm">{`Products offering it (${group.product_count}) will no longer offer it. Past sales keep what was chosen.`}</Text>,
      labels: { confirm: 'Delete group', cancel: 'Cancel' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(group.id, { onSuccess: () => void navigate(back) }),
    });

  return (
    <PageFrame
      title={group ? group.name : 'New add-on group'}
      description="Choices people add to a product, with what each adds to the price."
      actions={
        group && canManage
          ? [{ label: 'Delete group', icon: <IconTrash size={16} aria-hidden />, onClick: confirmRemove, danger: true, more: true }]
          : undefined
      }
    >
      <EditForm dirty={dirty} saving={save.isPending} onSave={submit} backTo={back} saveLabel={group ? 'Save group' : 'Add group'} readOnly={!canManage}>
        <Stack gap="lg" maw={720}>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }}>
            <Stack gap="md">
              <TextInput {...form.field('name')} label="Name" description="Milk, Extra shot, Toppings" required autoComplete="off" readOnly={!canManage} />
              <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
                <NumberField
                  {...form.number('min_choices', { empty: Number.NaN })}
                  label="Fewest choices"
                  min={0}
                  max={MAX_ADD_ON_CHOICES}
                  readOnly={!canManage}
                />
                <NumberField
                  {...form.number('max_choices', { empty: Number.NaN })}
                  label="Most choices"
                  min={1}
                  max={MAX_ADD_ON_CHOICES}
                  readOnly={!canManage}
                />
              </SimpleGrid>
              <SwitchRow
                label="Required"
                description="A choice must be made (the fewest is then at least one)"
                checked={form.values.required}
                onChange={(e) => {
                  const required = e.currentTarget.checked;
                  if (canManage) form.setValues((v) => ({ ...v, required, min_choices: required && (v.min_choices ?? 0) < 1 ? 1 : v.min_choices }));
                }}
                disabled={!canManage}
              />
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="add-on-choices">
            <Stack gap="md">
              <Title order={2} size="h4" id="add-on-choices">
                Choices
              </Title>
              {form.errors.choices ? (
                <Text size="sm" c="red">
                  {form.errors.choices}
                </Text>
              ) : null}
              {choices.map((_, i) => (
                <Group key={i} align="flex-start" gap="sm" wrap="nowrap">
                  <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm" style={{ flex: 1 }}>
                    <TextInput {...form.field(`choices.${i}.name`)} label={`Choice ${i + 1}`} required readOnly={!canManage} />
                    <MoneyInput
                      {...form.money(`choices.${i}.price`, currency)}
                      label={`Price of choice ${i + 1}`}
                      description="What it adds (0 for free)"
                      readOnly={!canPrice}
                    />
                  </SimpleGrid>
                  {canManage && choices.length > 1 ? (
                    <ActionIcon
                      variant="subtle"
                      color="red"
                      mt={28}
                      aria-label={`Remove choice ${i + 1}`}
                      onClick={() => form.setValues((v) => ({ ...v, choices: v.choices.filter((__, j) => j !== i) }))}
                    >
                      <IconTrash size={16} aria-hidden />
                    </ActionIcon>
                  ) : null}
                </Group>
              ))}
              {canManage && canPrice && choices.length < MAX_ADD_ON_CHOICES ? (
                <Group>
                  <Button
                    variant="default"
                    leftSection={<IconPlus size={16} aria-hidden />}
                    onClick={() => form.setValues((v) => ({ ...v, choices: [...v.choices, { name: '', price: 0 }] }))}
                  >
                    Add choice
                  </Button>
                </Group>
              ) : null}
            </Stack>
          </Paper>
        </Stack>
      </EditForm>
    </PageFrame>
  );
}
