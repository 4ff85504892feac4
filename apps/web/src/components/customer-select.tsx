import { Select, Stack, Text, type SelectProps } from '@mantine/core';
import { withWrapPoints } from './long-text';

/** A customer as a picker lists it. */
export interface CustomerChoice {
  id: string;
  name: string | null;
  email: string | null;
}

export interface CustomerSelectProps extends Omit<SelectProps, 'data' | 'renderOption' | 'description'> {
  customers: readonly CustomerChoice[];
  /** A line under the field when no customer is chosen. */
  description?: string;
}

const nameOf = (c: CustomerChoice) => c.name ?? c.email ?? c.id;

/**
 * The customer picker of the edit forms: the field shows the chosen customer's name, and their email as the line under
 * it, so neither is cut on a phone (a "name · email" label was cut after a few letters of the email); the options show
 * both, the email under the name.
 */
export function CustomerSelect({ customers, description, value, ...rest }: CustomerSelectProps) {
  const byId = new Map(customers.map((c) => [c.id, c]));
  const chosen = value ? byId.get(value) : undefined;
  const email = chosen?.name && chosen.email ? chosen.email : undefined;
  return (
    <Select
      {...rest}
      value={value}
      data={customers.map((c) => ({ value: c.id, label: nameOf(c) }))}
      description={email ? withWrapPoints(email) : description}
      renderOption={({ option }) => {
        const c = byId.get(option.value);
        return (
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text size="sm">{option.label}</Text>
            {c?.name && c.email ? (
              <Text size="xs" c="dimmed" style={{ overflowWrap: 'break-word' }}>
                {withWrapPoints(c.email)}
              </Text>
            ) : null}
          </Stack>
        );
      }}
    />
  );
}
