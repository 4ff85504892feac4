import { useRef } from 'react';
import { Select, Stack, Text, TextInput } from '@mantine/core';
import { CURRENCIES, currencyFlag } from '@merchant/core';
import { CountryCodeSchema, CreateBusinessBodySchema, CurrencyCodeSchema } from '@merchant/business';
import { z } from 'zod';
import type { FieldProps } from '@/components/form/use-zod-form';
import { COUNTRY_OPTIONS, findCountry } from './country-options';

/** The wire schema, with messages that fit a select left empty. */
export const BusinessFormSchema = CreateBusinessBodySchema.extend({
  country: z.string().min(1, 'Choose the country of the business').pipe(CountryCodeSchema),
  currency: z.string().min(1, 'Choose a currency').pipe(CurrencyCodeSchema),
});

export const emptyBusiness = { name: '', country: '', currency: '' };

const countryData = COUNTRY_OPTIONS.map(({ value, label }) => ({ value, label }));
const currencyData = CURRENCIES.map((c) => ({ value: c.code, label: `${c.code.toUpperCase()} - ${c.name}` }));

function Flag({ flag }: { flag: string }) {
  return (
    <Text component="span" aria-hidden="true" size="lg" lh={1}>
      {flag}
    </Text>
  );
}

interface BusinessFieldsProps {
  name: FieldProps;
  country: FieldProps;
  currency: FieldProps;
  nameLabel?: string;
}

/**
 * Business name, country and currency. Choosing a country picks its usual currency until the person
 * picks a currency themselves.
 */
export function BusinessFields({ name, country, currency, nameLabel = 'Business name' }: BusinessFieldsProps) {
  const currencyChosen = useRef(false);
  const countryFlag = country.value ? findCountry(country.value)?.flag : undefined;
  const selectedCurrencyFlag = currency.value ? currencyFlag(currency.value) : '';

  return (
    <Stack gap="md">
      <TextInput {...name} label={nameLabel} autoComplete="organization" required />
      <Select
        {...country}
        value={country.value || null}
        onChange={(value) => {
          country.onChange(value);
          const usual = value ? findCountry(value)?.defaultCurrency : undefined;
          if (usual && !currencyChosen.current) currency.onChange(usual);
        }}
        label="Country"
        placeholder="Choose a country"
        data={countryData}
        searchable
        nothingFoundMessage="No country matches"
        leftSection={countryFlag ? <Flag flag={countryFlag} /> : undefined}
        renderOption={({ option }) => (
          <>
            <Flag flag={findCountry(option.value)?.flag ?? ''} /> {option.label}
          </>
        )}
        autoComplete="off"
        required
      />
      <Select
        {...currency}
        value={currency.value || null}
        onChange={(value) => {
          currencyChosen.current = true;
          currency.onChange(value);
        }}
        label="Currency"
        description="The currency the business is paid in by default"
        placeholder="Choose a currency"
        data={currencyData}
        searchable
        nothingFoundMessage="No currency matches"
        leftSection={selectedCurrencyFlag ? <Flag flag={selectedCurrencyFlag} /> : undefined}
        renderOption={({ option }) => (
          <>
            <Flag flag={currencyFlag(option.value)} /> {option.label}
          </>
        )}
        autoComplete="off"
        required
      />
    </Stack>
  );
}
