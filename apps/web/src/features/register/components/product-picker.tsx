import { useState, type FormEvent } from 'react';
import { Badge, Button, Checkbox, Group, Loader, Modal, Radio, ScrollArea, SimpleGrid, Stack, Text, TextInput, UnstyledButton } from '@mantine/core';
import { useInfiniteQuery, useQuery } from '@tanstack/react-query';
import { formatMoney } from '@merchant/core';
import type { AddOnGroup, Product, Variant } from '@merchant/catalogue';
import { useFormFields } from '@/components/form/form-fields';
import { NumberField } from '@/components/form/number-field';
import { ChoiceRow } from '@/components/form/switch-row';
import { apiAssetUrl } from '@/lib/api-client';
import { errorMessage } from '@/lib/error-message';
import { notifyError } from '@/lib/notify';
import { lookupCode, registerAddOnGroupsQuery, registerCategoriesQuery, registerProductsQuery } from '../api/register-api';
import type { CartLine } from '../lib/cart';
import classes from './register.module.css';

type NewLine = Omit<CartLine, 'key'>;

/** On hand at the location (no level counts as zero), or null when the product does not track stock. */
function onHand(product: Product, variant: Variant, locationId: string): number | null {
  if (!product.track_stock) return null;
  return variant.stock.find((s) => s.location_id === locationId)?.on_hand ?? 0;
}

const soldOut = (product: Product, locationId: string) =>
  product.track_stock && !product.allow_backorder && product.variants.every((v) => (onHand(product, v, locationId) ?? 1) <= 0);

const variantName = (product: Product, variant: Variant) => [product.name, ...variant.option_values].join(' · ');

/** A product that needs no choice (one variant, no add-ons) goes straight into the cart. */
const needsChoice = (product: Product) => product.variants.length > 1 || product.add_on_group_ids.length > 0;

function lineOf(product: Product, variant: Variant, addOns: NewLine['addOns'], quantity: number): NewLine {
  return {
    productId: product.id,
    variantId: variant.id,
    categoryId: product.category_id,
    name: variantName(product, variant),
    unitPrice: variant.price.amount,
    quantity,
    addOns,
    discount: null,
  };
}

/**
 * The register's catalogue: a search field that a barcode scanner types into (a scanner "types" the code and Enter:
 * an exact barcode or SKU goes into the cart at once), the categories, and the products as large buttons. A product
 * with variants or add-ons opens its choices first.
 */
export function ProductPicker({ businessId, locationId, onAdd }: { businessId: string; locationId: string; onAdd: (line: NewLine) => void }) {
  const [search, setSearch] = useState('');
  const [q, setQ] = useState('');
  const [category, setCategory] = useState<string | undefined>(undefined);
  const [choosing, setChoosing] = useState<Product | null>(null);
  const categories = useQuery(registerCategoriesQuery(businessId));
  const products = useInfiniteQuery(registerProductsQuery(businessId, { q: q || undefined, category: q ? undefined : category }));
  const list = products.data?.pages.flatMap((p) => p.data) ?? [];

  const pick = (product: Product) => {
    if (soldOut(product, locationId)) return;
    if (needsChoice(product)) setChoosing(product);
    else onAdd(lineOf(product, product.variants[0]!, [], 1));
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const code = search.trim();
    if (!code) return setQ('');
    try {
      const found = await lookupCode(businessId, code);
      for (const product of found.data) {
        const variant = product.variants.find((v) => v.barcode === code || v.sku?.toLowerCase() === code.toLowerCase());
        if (variant) {
          if (product.add_on_group_ids.length > 0) setChoosing(product);
          else onAdd(lineOf(product, variant, [], 1));
          setSearch('');
          setQ('');
          return;
        }
      }
      setQ(code);
    } catch (error) {
      notifyError(error);
    }
  };

  return (
    <Stack gap="sm" className={classes.picker}>
      <form onSubmit={(e) => void submit(e)} role="search" aria-label="Products">
        <TextInput
          label="Search or scan"
          description="A name, or a barcode or SKU (a scanner adds the item)"
          value={search}
          onChange={(e) => {
            setSearch(e.currentTarget.value);
            if (!e.currentTarget.value) setQ('');
          }}
          autoComplete="off"
          data-autofocus
        />
      </form>
      <Group gap="xs" role="group" aria-label="Categories">
        <Button
          size="compact-md"
          variant={category === undefined && !q ? 'filled' : 'default'}
          aria-pressed={category === undefined && !q}
          onClick={() => (setCategory(undefined), setQ(''), setSearch(''))}
        >
          All
        </Button>
        {categories.data?.data.map((c) => (
          <Button
            key={c.id}
            size="compact-md"
            variant={category === c.id && !q ? 'filled' : 'default'}
            aria-pressed={category === c.id && !q}
            onClick={() => (setCategory(c.id), setQ(''), setSearch(''))}
          >
            {c.name}
          </Button>
        ))}
      </Group>
      {q ? (
        <Text size="sm" c="dimmed" aria-live="polite">
          Products matching “{q}”
        </Text>
      ) : null}
      <ScrollArea.Autosize mah="calc(100dvh - 20rem)" type="auto" offsetScrollbars>
        {products.isPending ? (
          <Group gap="xs" p="md">
            <Loader size="sm" /> <Text size="sm">Loading products</Text>
          </Group>
        ) : products.isError ? (
          <Text c="red" size="sm" role="alert">
            {errorMessage(products.error)}
          </Text>
        ) : list.length === 0 ? (
          <Text size="sm" c="dimmed" p="md">
            {q ? 'No product matches. Check the code or the name.' : 'No products for the register here. Products sold at the point of sale show here.'}
          </Text>
        ) : (
          <SimpleGrid cols={{ base: 2, xs: 3, lg: 4 }} spacing="xs" component="ul" className={classes.grid} aria-label="Products">
            {list.map((product) => {
              const out = soldOut(product, locationId);
              return (
                <li key={product.id}>
                  <UnstyledButton className={classes.tile} onClick={() => pick(product)} disabled={out} aria-disabled={out}>
                    {product.images[0] ? (
                      // The product's name labels the button: the picture only helps the eye (empty alt).
                      <img className={classes.tileImage} src={apiAssetUrl(product.images[0].urls.w160)} alt="" width={160} height={160} loading="lazy" />
                    ) : null}
                    <Text fw={600} size="sm" lineClamp={2}>
                      {product.name}
                    </Text>
                    <Text size="sm">
                      {product.variants.length > 1 ? 'From ' : ''}
                      {formatMoney(product.price)}
                    </Text>
                    {out ? (
                      <Badge color="gray" variant="light" size="sm">
                        Sold out
                      </Badge>
                    ) : null}
                  </UnstyledButton>
                </li>
              );
            })}
          </SimpleGrid>
        )}
        {products.hasNextPage ? (
          <Button variant="subtle" mt="sm" onClick={() => void products.fetchNextPage()} loading={products.isFetchingNextPage}>
            Show more products
          </Button>
        ) : null}
      </ScrollArea.Autosize>
      {choosing ? (
        <ChoiceDialog
          businessId={businessId}
          product={choosing}
          locationId={locationId}
          onClose={() => setChoosing(null)}
          onAdd={(line) => {
            onAdd(line);
            setChoosing(null);
          }}
        />
      ) : null}
    </Stack>
  );
}

/** A product's variant, add-ons and quantity, before it goes into the cart. */
function ChoiceDialog({
  businessId,
  product,
  locationId,
  onClose,
  onAdd,
}: {
  businessId: string;
  product: Product;
  locationId: string;
  onClose: () => void;
  onAdd: (line: NewLine) => void;
}) {
  const groups = useQuery(registerAddOnGroupsQuery(businessId));
  const offered: AddOnGroup[] = (groups.data?.data ?? []).filter((g) => product.add_on_group_ids.includes(g.id));
  const available = product.variants.filter((v) => product.allow_backorder || (onHand(product, v, locationId) ?? 1) > 0);
  const [variantId, setVariantId] = useState(available[0]?.id ?? '');
  const [chosen, setChosen] = useState<Record<string, string[]>>({});
  const form = useFormFields<{ quantity: number | null }>({ quantity: 1 });
  const quantity = Math.max(1, Math.floor(form.values.quantity ?? 1));
  const variant = product.variants.find((v) => v.id === variantId);
  const problems = offered.flatMap((g) => {
    const n = chosen[g.id]?.length ?? 0;
    if (n < g.min_choices) return [`${g.name}: choose at least ${g.min_choices}`];
    if (n > g.max_choices) return [`${g.name}: choose at most ${g.max_choices}`];
    return [];
  });
  const add = () => {
    if (!variant || problems.length > 0) return;
    const addOns = offered.flatMap((g) =>
      g.choices.filter((c) => chosen[g.id]?.includes(c.id)).map((c) => ({ id: c.id, name: c.name, price: c.price.amount })),
    );
    onAdd(lineOf(product, variant, addOns, quantity));
  };
  return (
    <Modal opened onClose={onClose} title={product.name} size="md">
      <Stack gap="md">
        {product.variants.length > 1 ? (
          <Radio.Group label="Variant" value={variantId} onChange={setVariantId} required>
            <Stack gap="xs" mt="xs">
              {product.variants.map((v) => {
                const stock = onHand(product, v, locationId);
                const out = !available.includes(v);
                return (
                  <ChoiceRow
                    key={v.id}
                    value={v.id}
                    disabled={out}
                    label={`${v.option_values.join(' · ')} · ${formatMoney(v.price)}${out ? ' · sold out' : stock !== null && stock <= 5 ? ` · ${stock} left` : ''}`}
                  />
                );
              })}
            </Stack>
          </Radio.Group>
        ) : null}
        {groups.isPending && product.add_on_group_ids.length > 0 ? <Loader size="sm" aria-label="Loading the add-ons" /> : null}
        {offered.map((g) => (
          <Checkbox.Group
            key={g.id}
            label={g.name}
            description={
              g.max_choices === 1
                ? g.required
                  ? 'Choose one'
                  : 'Choose up to one'
                : `Choose ${g.min_choices > 0 ? `${g.min_choices} to ` : 'up to '}${g.max_choices}`
            }
            value={chosen[g.id] ?? []}
            onChange={(ids) => setChosen((c) => ({ ...c, [g.id]: ids }))}
            required={g.required}
          >
            <Stack gap="xs" mt="xs">
              {g.choices.map((c) => (
                <Checkbox key={c.id} value={c.id} label={c.price.amount > 0 ? `${c.name} · +${formatMoney(c.price)}` : c.name} />
              ))}
            </Stack>
          </Checkbox.Group>
        ))}
        <NumberField {...form.number('quantity')} label="Quantity" min={1} max={999} w={140} />
        {problems.length > 0 ? (
          <Text size="sm" c="dimmed">
            {problems.join('. ')}
          </Text>
        ) : null}
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Cancel
          </Button>
          <Button onClick={add} disabled={!variant || problems.length > 0}>
            Add to cart
          </Button>
        </Group>
      </Stack>
    </Modal>
  );
}
