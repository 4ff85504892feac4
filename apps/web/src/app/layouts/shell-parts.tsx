import { ActionIcon, Text, useComputedColorScheme, useMantineColorScheme } from '@mantine/core';
import { IconMoon, IconSun } from '@tabler/icons-react';
import { Link } from 'react-router';
import { href } from '../route-table';
import { PRODUCT_NAME } from '../use-document-title';

/** The product name as the logo; links to the start of the app. */
export function Logo({ size = 'lg' }: { size?: 'md' | 'lg' | 'xl' }) {
  return (
    <Text component={Link} to={href('auth.root')} fw={800} fz={size} c="var(--mantine-color-text)" td="none" style={{ whiteSpace: 'nowrap' }}>
      {PRODUCT_NAME}
    </Text>
  );
}

/** Light/dark switch; follows the system until the person picks one. */
export function ColorSchemeToggle() {
  const { setColorScheme } = useMantineColorScheme();
  const computed = useComputedColorScheme('light', { getInitialValueInEffect: true });
  const next = computed === 'dark' ? 'light' : 'dark';
  return (
    <ActionIcon variant="default" size="lg" aria-label={`Switch to ${next} mode`} onClick={() => setColorScheme(next)}>
      {computed === 'dark' ? <IconSun size={18} aria-hidden /> : <IconMoon size={18} aria-hidden />}
    </ActionIcon>
  );
}
