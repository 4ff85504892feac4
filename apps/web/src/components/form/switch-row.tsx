import type { ReactNode } from 'react';
import { Radio, Switch, type RadioProps, type SwitchProps } from '@mantine/core';

/**
 * One on/off setting: its label and help text on the left, the switch on the right, on one line whatever the
 * width (the text wraps, the switch keeps its place). The label stays the switch's own `<label>`, so a click on
 * the text toggles it and assistive technology reads label and description with it. Every switch of a form is one
 * of these (payment methods, "Allow partial payments", notification settings...).
 */
export function SwitchRow({ label, description, ...props }: Omit<SwitchProps, 'labelPosition' | 'label'> & { label: ReactNode; description?: ReactNode }) {
  return (
    <Switch
      {...props}
      label={label}
      description={description}
      labelPosition="left"
      data-switch-row
      styles={{
        root: { width: '100%' },
        body: { justifyContent: 'space-between', alignItems: 'flex-start', gap: 'var(--mantine-spacing-md)' },
        labelWrapper: { flex: '1 1 auto', minWidth: 0 },
        label: { paddingInline: 0 },
        description: { paddingInline: 0 },
        track: { flex: '0 0 auto', marginTop: 2 },
      }}
    />
  );
}

/**
 * One choice of a `Radio.Group`: the radio on the left, its label (and help text) beside it on the same line,
 * the text wrapping under itself rather than under the control. Every radio choice of a form is one of these
 * (the pay-out amount, the payout schedule, how a repeating invoice ends...).
 */
export function ChoiceRow({ label, description, ...props }: Omit<RadioProps, 'labelPosition' | 'label'> & { label: ReactNode; description?: ReactNode }) {
  return (
    <Radio
      {...props}
      label={label}
      description={description}
      labelPosition="right"
      data-choice-row
      styles={{
        body: { alignItems: 'flex-start', flexWrap: 'nowrap' },
        labelWrapper: { flex: '1 1 auto', minWidth: 0 },
        inner: { flex: '0 0 auto', marginTop: 1 },
      }}
    />
  );
}
