import { useEffect, useState } from 'react';
import { Center, Stack, Text } from '@mantine/core';

/** Spec 9: the extra note appears after this long. */
export const LOADING_NOTE_AFTER_MS = 2000;
const DOT_INTERVAL_MS = 400;

export interface LoadingScreenProps {
  /** Fill the viewport (app start) or only the content area. */
  fullScreen?: boolean;
}

/** "Loading" with animated dots, plus a note when it takes longer than usual (spec 9). */
export function LoadingScreen({ fullScreen = false }: LoadingScreenProps) {
  const [dots, setDots] = useState(0);
  const [slow, setSlow] = useState(false);

  useEffect(() => {
    const tick = window.setInterval(() => setDots((d) => (d + 1) % 4), DOT_INTERVAL_MS);
    const note = window.setTimeout(() => setSlow(true), LOADING_NOTE_AFTER_MS);
    return () => {
      window.clearInterval(tick);
      window.clearTimeout(note);
    };
  }, []);

  return (
    <Center mih={fullScreen ? '100dvh' : 240} p="md">
      <Stack align="center" gap={4} role="status" aria-live="polite">
        <Text fw={600} size="lg">
          Loading
          <span aria-hidden style={{ display: 'inline-block', width: '1.5em', textAlign: 'left' }}>
            {'.'.repeat(dots)}
          </span>
        </Text>
        {slow ? (
          <Text size="sm" c="dimmed">
            This is taking longer than usual…
          </Text>
        ) : null}
      </Stack>
    </Center>
  );
}
