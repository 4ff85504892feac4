import { MultiSelect, Stack } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { SwitchRow } from '@/components/form/switch-row';
import type { FormErrors } from '@/components/form/use-zod-form';
import { scopeCategoriesQuery, scopeLocationsQuery, scopeProductsQuery, taxesQuery } from '../api/pricing-api';

/** The first error of a list field or of one of its items (`location_ids` or `location_ids.2`). */
export function listError(errors: FormErrors, path: string): string | undefined {
  return errors[path] ?? Object.entries(errors).find(([key]) => key.startsWith(`${path}.`))?.[1];
}

interface LocationScope {
  all_locations: boolean;
  location_ids: string[];
}

/** Every location, or the chosen ones. */
export function LocationScopeFields<V extends LocationScope>({
  businessId,
  values,
  errors,
  onChange,
  readOnly,
}: {
  businessId: string;
  values: V;
  errors: FormErrors;
  onChange: (scope: Partial<LocationScope>) => void;
  readOnly: boolean;
}) {
  const locations = useQuery(scopeLocationsQuery(businessId));
  const data = (locations.data?.data ?? []).map((l) => ({ value: l.id, label: l.name }));
  return (
    <Stack gap="sm">
      <SwitchRow
        label="Every location"
        description="New locations too"
        checked={values.all_locations}
        onChange={(e) => onChange({ all_locations: e.currentTarget.checked })}
        disabled={readOnly}
      />
      {values.all_locations ? null : (
        <MultiSelect
          name="location_ids"
          label="Locations"
          placeholder={data.length === 0 ? 'No locations yet' : 'Choose locations'}
          data={data}
          value={values.location_ids}
          onChange={(ids) => onChange({ location_ids: ids })}
          error={listError(errors, 'location_ids')}
          searchable
          readOnly={readOnly}
        />
      )}
    </Stack>
  );
}

/** Named products and categories. */
export function ItemScopeFields({
  businessId,
  productIds,
  categoryIds,
  errors,
  onChange,
  readOnly,
}: {
  businessId: string;
  productIds: string[];
  categoryIds: string[];
  errors: FormErrors;
  onChange: (scope: { product_ids?: string[]; category_ids?: string[] }) => void;
  readOnly: boolean;
}) {
  const products = useQuery(scopeProductsQuery(businessId));
  const categories = useQuery(scopeCategoriesQuery(businessId));
  return (
    <Stack gap="sm">
      <MultiSelect
        name="product_ids"
        label="Products"
        placeholder="Choose products"
        data={(products.data?.data ?? []).map((p) => ({ value: p.id, label: p.name }))}
        value={productIds}
        onChange={(ids) => onChange({ product_ids: ids })}
        error={listError(errors, 'product_ids')}
        searchable
        readOnly={readOnly}
      />
      <MultiSelect
        name="category_ids"
        label="Categories"
        placeholder="Choose categories"
        data={(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
        value={categoryIds}
        onChange={(ids) => onChange({ category_ids: ids })}
        error={listError(errors, 'category_ids')}
        searchable
        readOnly={readOnly}
      />
    </Stack>
  );
}

/** The taxes a taxed surcharge names (none: the lines' own taxes). */
export function TaxPicker({
  businessId,
  value,
  errors,
  onChange,
  readOnly,
}: {
  businessId: string;
  value: string[];
  errors: FormErrors;
  onChange: (ids: string[]) => void;
  readOnly: boolean;
}) {
  const taxes = useQuery(taxesQuery(businessId, { status: 'active' }));
  return (
    <MultiSelect
      name="tax_ids"
      label="Taxes"
      description="Leave empty to tax it like the lines it is added to"
      placeholder="The lines’ taxes"
      data={(taxes.data?.data ?? []).map((t) => ({ value: t.id, label: `${t.name} (${t.rate / 100} %)` }))}
      value={value}
      onChange={onChange}
      error={listError(errors, 'tax_ids')}
      searchable
      readOnly={readOnly}
    />
  );
}
