import { useEffect, useState } from 'react';
import { Alert, Anchor, Stack, Text } from '@mantine/core';
import { Link } from 'react-router';
import type { Business, BusinessWarning } from '@merchant/business';
import { dismissWarning, readDismissals, visibleWarnings, warningAction, type WarningDismissals } from './business-warnings';

const COLORS: Record<BusinessWarning['style'], string> = { info: 'blue', danger: 'red', warning: 'yellow' };

/** localStorage, or an in-memory stand-in when the browser blocks it. */
function storage(): Pick<Storage, 'getItem' | 'setItem'> {
  try {
    return window.localStorage;
  } catch {
    const memory = new Map<string, string>();
    return { getItem: (k) => memory.get(k) ?? null, setItem: (k, v) => void memory.set(k, v) };
  }
}

/**
 * Spec 3/4/9: the business's warnings under the header; a dismissed one returns after 24 hours. A warning's action
 * is a link only for who may do it; the others read who to ask.
 */
export function BusinessWarningBanners({ business }: { business: Business }) {
  const [dismissals, setDismissals] = useState<WarningDismissals>(() => readDismissals(storage(), business.id));
  useEffect(() => setDismissals(readDismissals(storage(), business.id)), [business.id]);

  const shown = visibleWarnings(business.warnings, dismissals, Date.now());
  if (shown.length === 0) return null;
  return (
    <Stack gap="xs" mb="md">
      {shown.map((w) => (
        <Alert
          key={w.id}
          color={COLORS[w.style]}
          variant="light"
          title={w.title}
          withCloseButton
          styles={{ title: { color: 'var(--mantine-color-text)' } }}
          closeButtonLabel={`Dismiss "${w.title}" for 24 hours`}
          onClose={() => setDismissals(dismissWarning(storage(), business.id, w.id))}
        >
          <Text size="sm">{w.body}</Text>
          <WarningAction warning={w} business={business} />
        </Alert>
      ))}
    </Stack>
  );
}

function WarningAction({ warning, business }: { warning: BusinessWarning; business: Business }) {
  const action = warningAction(warning, business);
  if (!action) return null;
  if (action.kind === 'ask') return <Text size="sm">{action.text}</Text>;
  const style = { size: 'sm', fw: 600, c: 'var(--mantine-color-text)', underline: 'always' } as const;
  return action.url.startsWith('/') ? (
    <Anchor component={Link} to={action.url} {...style}>
      {action.title}
    </Anchor>
  ) : (
    <Anchor href={action.url} {...style} target="_blank" rel="noopener noreferrer">
      {action.title}
    </Anchor>
  );
}
