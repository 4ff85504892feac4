import { ActionIcon, Tooltip } from '@mantine/core';
import { spotlight } from '@mantine/spotlight';
import { IconSearch } from '@tabler/icons-react';

/**
 * Opens the command palette. The palette itself (command-palette.tsx) loads after the shell's first paint;
 * a press before it arrives is kept in the palette's store and it opens as it mounts.
 */
export function CommandPaletteButton() {
  return (
    <Tooltip label="Search screens (Ctrl+K)">
      <ActionIcon variant="default" size="lg" aria-label="Search screens" aria-keyshortcuts="Control+K Meta+K" onClick={() => spotlight.open()}>
        <IconSearch size={18} aria-hidden />
      </ActionIcon>
    </Tooltip>
  );
}
