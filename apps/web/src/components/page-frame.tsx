import { isValidElement, type ReactNode } from 'react';
import { Group, Stack, Text, Title } from '@mantine/core';
import { DetailActions, present, type DetailAction, type Maybe } from './page-actions';

export interface PageFrameProps {
  title: string;
  description?: ReactNode;
  /**
   * The screen's actions at the top right. Declared as data (`{ label, primary, more, ... }`, as a detail screen's):
   * the primary one is a button and the others too, except those marked `more`, which go into "More actions" (on a
   * phone every one but the primary). A single element (one link or button) is drawn as it is.
   */
  actions?: ReactNode | readonly Maybe<DetailAction>[];
  children?: ReactNode;
}

/** Whether `actions` is the data form (a list of actions) rather than elements. */
function isActionList(actions: PageFrameProps['actions']): actions is readonly Maybe<DetailAction>[] {
  return Array.isArray(actions) && actions.every((a: unknown) => !a || (typeof a === 'object' && !isValidElement(a) && 'label' in a));
}

/** The narrowest the title and its description get beside the actions: past that the actions move under them. */
const TITLE_MIN = '22rem';

/** The frame of every screen: one h1, an optional description and actions. */
export function PageFrame({ title, description, actions, children }: PageFrameProps) {
  return (
    <Stack gap="lg">
      <Group justify="space-between" align="flex-start" gap="sm">
        <Stack gap={4} style={{ minWidth: 0, flex: `1 1 ${TITLE_MIN}` }}>
          <Title order={1} fz={{ base: 'h2', sm: 'h1' }}>
            {title}
          </Title>
          {description ? (
            <Text c="dimmed" size="sm">
              {description}
            </Text>
          ) : null}
        </Stack>
        {isActionList(actions) ? <DetailActions actions={present(actions)} /> : actions ? <Group gap="xs">{actions}</Group> : null}
      </Group>
      {children}
    </Stack>
  );
}
