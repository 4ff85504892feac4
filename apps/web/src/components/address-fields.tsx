import { SimpleGrid, TextInput } from '@mantine/core';
import type { FieldProps } from './form/form-fields';

export type AddressPart = 'line1' | 'line2' | 'city' | 'state' | 'postal_code';

/**
 * A postal address's five fields, with the browser's address autofill: the business's address and a location's.
 * `field` binds one part (`(part) => form.field(\`address.${part}\`)`); `optional` marks every label "(optional)"
 * for a form where the address may be left empty.
 */
export function AddressFields({ field, optional = false }: { field: (part: AddressPart) => FieldProps; optional?: boolean }) {
  const label = (text: string) => (optional ? `${text} (optional)` : text);
  return (
    <>
      <TextInput {...field('line1')} label={label('Address line 1')} autoComplete="address-line1" />
      <TextInput {...field('line2')} label={label('Address line 2')} autoComplete="address-line2" />
      <SimpleGrid cols={{ base: 1, sm: 3 }} spacing="sm">
        <TextInput {...field('city')} label={label('City')} autoComplete="address-level2" />
        <TextInput {...field('state')} label={label('State or region')} autoComplete="address-level1" />
        <TextInput {...field('postal_code')} label={label('Postal code')} autoComplete="postal-code" />
      </SimpleGrid>
    </>
  );
}
