import { useState } from 'react';
import { Button, Group, PasswordInput, Stack, Text } from '@mantine/core';
import { useQuery } from '@tanstack/react-query';
import { formErrors, type FormErrors } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { posPinQuery, useSavePosPin } from '../api/user-settings-api';
import { SettingsSection } from './settings-section';

/** The person's POS PIN: 4 to 6 digits a manager enters on the register to approve a cashier's refund. */
export function PosPinSection() {
  const status = useQuery(posPinQuery());
  const save = useSavePosPin();
  const [pin, setPin] = useState('');
  const [errors, setErrors] = useState<FormErrors>({});
  const isSet = status.data?.pin_set ?? false;

  const submit = (e: React.FormEvent) => {
    e.preventDefault();
    if (!/^\d{4,6}$/.test(pin)) return setErrors({ pin: 'Enter 4 to 6 digits' });
    setErrors({});
    save.mutate(pin, {
      onSuccess: () => {
        setPin('');
        notifySuccess('Your POS PIN is set.');
      },
      onError: (error) => setErrors(formErrors(error)),
    });
  };

  return (
    <SettingsSection
      title="POS PIN"
      description="Managers, admins and owners enter this PIN on the register to approve what a cashier cannot do alone, such as a refund."
    >
      <form onSubmit={submit} noValidate>
        <Stack gap="md">
          <Text size="sm">{isSet ? 'Your POS PIN is set. Enter a new one to change it.' : 'You have no POS PIN yet.'}</Text>
          <PasswordInput
            label={isSet ? 'New POS PIN' : 'POS PIN'}
            description="4 to 6 digits, the same in every business you belong to"
            inputMode="numeric"
            autoComplete="off"
            maxLength={6}
            value={pin}
            onChange={(e) => setPin(e.currentTarget.value)}
            error={errors.pin ?? errors.form}
            required
          />
          <Group justify="flex-end">
            {isSet ? (
              <Button
                variant="default"
                loading={save.isPending && pin === ''}
                onClick={() => save.mutate(null, { onSuccess: () => notifySuccess('Your POS PIN is removed.') })}
              >
                Remove PIN
              </Button>
            ) : null}
            <Button type="submit" loading={save.isPending && pin !== ''}>
              {isSet ? 'Change PIN' : 'Set PIN'}
            </Button>
          </Group>
        </Stack>
      </form>
    </SettingsSection>
  );
}
