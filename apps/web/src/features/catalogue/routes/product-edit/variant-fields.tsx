import { ActionIcon, Button, Fieldset, Group, Paper, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_PRODUCT_OPTIONS } from '@merchant/catalogue';
import type { FormFields } from '@/components/form/use-zod-form';
import { NumberField } from '@/components/form/number-field';
import { MoneyInput } from '@/components/money-input';
import { optionErrors, optionsOf, variantLabel, variantsFor, type OptionRow, type ProductValues } from '../../components/variants';

interface Props {
  form: FormFields<ProductValues>;
  currency: string;
  /** The person may change the product (names, options, codes). */
  canEdit: boolean;
  /** The person may set prices: without it the money fields are read-only. */
  canPrice: boolean;
}

/** Options (up to three, each with its values) and the variants they make, each with its prices and codes. */
export function VariantFields({ form, currency, canEdit, canPrice }: Props) {
  const { values } = form;
  const errors = optionErrors(form.errors);

  /** Changes the options and makes their variants again (rows of combinations that stay keep their prices and codes). */
  const setOptions = (options: OptionRow[]) => form.setValues((v) => ({ ...v, options, variants: variantsFor(optionsOf(options), v.variants) }));
  const setOption = (index: number, patch: Partial<OptionRow>) =>
    form.setValues((v) => ({ ...v, options: v.options.map((o, i) => (i === index ? { ...o, ...patch } : o)) }));
  const regenerate = () => form.setValues((v) => ({ ...v, variants: variantsFor(optionsOf(v.options), v.variants) }));

  return (
    <>
      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="product-options">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="product-options">
              Options
            </Title>
            <Text size="sm" c="dimmed">
              Sizes, colours, milks: up to three options, each with its values. Every combination is a variant with its own price and codes.
            </Text>
          </div>
          {values.options.map((option, i) => (
            <Group key={i} align="flex-start" gap="sm" wrap="nowrap">
              <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="sm" style={{ flex: 1 }}>
                <TextInput
                  label={`Option ${i + 1}`}
                  placeholder="Size"
                  value={option.name}
                  error={errors[`options.${i}.name`]}
                  onChange={(e) => setOption(i, { name: e.currentTarget.value })}
                  readOnly={!canEdit}
                  required
                />
                <TextInput
                  label={`Values of option ${i + 1}`}
                  placeholder="Small, Large"
                  description="Separated by commas"
                  value={option.values}
                  error={errors[`options.${i}.values`]}
                  onChange={(e) => setOption(i, { values: e.currentTarget.value })}
                  onBlur={regenerate}
                  readOnly={!canEdit}
                  required
                />
              </SimpleGrid>
              {canEdit ? (
                <ActionIcon
                  variant="subtle"
                  color="red"
                  mt={28}
                  aria-label={`Remove option ${i + 1}`}
                  onClick={() => setOptions(values.options.filter((_, j) => j !== i))}
                >
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              ) : null}
            </Group>
          ))}
          {canEdit && values.options.length < MAX_PRODUCT_OPTIONS ? (
            <Group>
              <Button
                variant="default"
                leftSection={<IconPlus size={16} aria-hidden />}
                onClick={() => setOptions([...values.options, { name: '', values: '' }])}
              >
                Add option
              </Button>
            </Group>
          ) : null}
          {errors.options ? (
            <Text size="sm" c="red">
              {errors.options}
            </Text>
          ) : null}
        </Stack>
      </Paper>

      <Paper withBorder radius="md" p={{ base: 'md', sm: 'lg' }} component="section" aria-labelledby="product-variants">
        <Stack gap="md">
          <div>
            <Title order={2} size="h4" id="product-variants">
              {values.variants.length > 1 ? `Variants (${values.variants.length})` : 'Price'}
            </Title>
            {canPrice ? null : (
              <Text size="sm" c="dimmed">
                Prices are set by the owner, admins and managers: you can see them here but not change them.
              </Text>
            )}
          </div>
          {errors.variants ? (
            <Text size="sm" c="red">
              {errors.variants}
            </Text>
          ) : null}
          {values.variants.map((variant, i) => {
            const fields = (
              <SimpleGrid cols={{ base: 1, xs: 2, md: 3 }} spacing="sm">
                <MoneyInput {...form.money(`variants.${i}.price`, currency)} label="Price" required readOnly={!canPrice} />
                <MoneyInput
                  {...form.money(`variants.${i}.compare_at_price`, currency)}
                  label="Compare-at price"
                  description="The “was” price, above the price"
                  readOnly={!canPrice}
                />
                <MoneyInput {...form.money(`variants.${i}.cost`, currency)} label="Cost" description="What it costs you" readOnly={!canPrice} />
                <TextInput {...form.field(`variants.${i}.sku`)} label="SKU" autoComplete="off" readOnly={!canEdit} />
                <TextInput {...form.field(`variants.${i}.barcode`)} label="Barcode" autoComplete="off" readOnly={!canEdit} />
                <NumberField
                  {...form.number(`variants.${i}.weight_grams`)}
                  label="Weight (g)"
                  description="For shipping rates by weight"
                  min={1}
                  readOnly={!canEdit}
                />
              </SimpleGrid>
            );
            if (variant.option_values.length === 0) return <div key="single">{fields}</div>;
            const label = variantLabel(variant);
            return (
              <Fieldset key={label.toLowerCase()} legend={label}>
                {errors[`variants.${i}.option_values`] ? (
                  <Text size="sm" c="red" mb="xs">
                    {errors[`variants.${i}.option_values`]}
                  </Text>
                ) : null}
                {fields}
              </Fieldset>
            );
          })}
        </Stack>
      </Paper>
    </>
  );
}
