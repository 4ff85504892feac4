import { useState } from 'react';
import { ActionIcon, Button, Group, Paper, Select, Stack, Text, Title, UnstyledButton } from '@mantine/core';
import { IconArrowDown, IconArrowUp, IconGripVertical, IconPlus, IconTrash } from '@tabler/icons-react';
import { MAX_THEME_SECTIONS, SECTION_LABELS, SECTION_TYPES, type SectionType, type ThemeSection } from '@merchant/catalogue';

/** A section's one-line summary beside its type (its heading or text). */
export function sectionSummary(s: ThemeSection): string {
  const settings = s.settings as Record<string, unknown>;
  const text = settings['heading'] ?? settings['text'] ?? settings['tagline'];
  return typeof text === 'string' ? text : '';
}

/** Moves the item at `from` to `to` (both indexes of the list before the move). */
export function moved<T>(list: readonly T[], from: number, to: number): T[] {
  const next = [...list];
  const [item] = next.splice(from, 1);
  next.splice(to, 0, item!);
  return next;
}

/**
 * The page's sections in order: chosen to edit, dragged to a new place, or moved with the Move up and Move down
 * buttons (the keyboard's way); added from a type, removed. `announce` tells a screen reader what moved.
 */
export function SectionsPanel(props: {
  sections: ThemeSection[];
  selected: string | null;
  onSelect: (id: string) => void;
  onMove: (from: number, to: number) => void;
  onAdd: (type: SectionType) => void;
  onRemove: (id: string) => void;
}) {
  const { sections, selected } = props;
  const [type, setType] = useState<SectionType>('rich_text');
  const [dragging, setDragging] = useState<number | null>(null);
  const [over, setOver] = useState<number | null>(null);
  const [announcement, setAnnouncement] = useState('');

  const move = (from: number, to: number) => {
    if (to < 0 || to >= sections.length || from === to) return;
    props.onMove(from, to);
    setAnnouncement(`${SECTION_LABELS[sections[from]!.type]} moved to position ${to + 1} of ${sections.length}`);
  };

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="sections-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="sections-title">
          Sections
        </Title>
        <Text size="sm" c="dimmed">
          Drag a section by its handle, or use its arrows, to change the order.
        </Text>
        <ol
          style={{ listStyle: 'none', margin: 0, padding: 0, display: 'grid', gridTemplateColumns: 'minmax(0, 1fr)', gap: 6 }}
          aria-label="Sections of the page"
        >
          {sections.map((s, i) => (
            <li
              key={s.id}
              draggable
              data-testid={`section-${s.id}`}
              onDragStart={(e) => {
                setDragging(i);
                e.dataTransfer.effectAllowed = 'move';
                e.dataTransfer.setData('text/plain', s.id);
              }}
              onDragOver={(e) => {
                e.preventDefault();
                setOver(i);
              }}
              onDragLeave={() => setOver((o) => (o === i ? null : o))}
              onDrop={(e) => {
                e.preventDefault();
                if (dragging !== null) move(dragging, i);
                setDragging(null);
                setOver(null);
              }}
              onDragEnd={() => {
                setDragging(null);
                setOver(null);
              }}
              style={{
                border: `1px solid ${s.id === selected ? 'var(--mantine-color-blue-filled)' : 'var(--mantine-color-default-border)'}`,
                borderRadius: 6,
                padding: '4px 6px',
                minWidth: 0,
                background: over === i && dragging !== i ? 'var(--mantine-color-blue-light)' : undefined,
                opacity: dragging === i ? 0.5 : 1,
              }}
            >
              <Group gap={4} wrap="nowrap">
                <IconGripVertical size={18} aria-hidden style={{ cursor: 'grab', flex: 'none', color: 'var(--mantine-color-dimmed)' }} />
                <UnstyledButton
                  onClick={() => props.onSelect(s.id)}
                  aria-pressed={s.id === selected}
                  style={{ flex: 1, minWidth: 0, minHeight: 36, padding: '2px 4px' }}
                >
                  <Text size="sm" fw={600} component="span" display="block">
                    {SECTION_LABELS[s.type]}
                  </Text>
                  <Text size="xs" c="dimmed" component="span" display="block" truncate>
                    {sectionSummary(s)}
                  </Text>
                </UnstyledButton>
                <ActionIcon variant="subtle" size="lg" onClick={() => move(i, i - 1)} disabled={i === 0} aria-label={`Move ${SECTION_LABELS[s.type]} up`}>
                  <IconArrowUp size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon
                  variant="subtle"
                  size="lg"
                  onClick={() => move(i, i + 1)}
                  disabled={i === sections.length - 1}
                  aria-label={`Move ${SECTION_LABELS[s.type]} down`}
                >
                  <IconArrowDown size={16} aria-hidden />
                </ActionIcon>
                <ActionIcon variant="subtle" color="red" size="lg" onClick={() => props.onRemove(s.id)} aria-label={`Remove ${SECTION_LABELS[s.type]}`}>
                  <IconTrash size={16} aria-hidden />
                </ActionIcon>
              </Group>
            </li>
          ))}
        </ol>
        <Text size="sm" role="status" aria-live="polite" style={{ position: 'absolute', left: -9999 }}>
          {announcement}
        </Text>
        <Group align="flex-end" gap="sm" wrap="wrap">
          <Select
            label="Section type"
            data={SECTION_TYPES.map((t) => ({ value: t, label: SECTION_LABELS[t] }))}
            value={type}
            onChange={(v) => v && setType(v as SectionType)}
            allowDeselect={false}
            style={{ flex: '1 1 10rem' }}
          />
          <Button
            variant="default"
            leftSection={<IconPlus size={16} aria-hidden />}
            onClick={() => props.onAdd(type)}
            disabled={sections.length >= MAX_THEME_SECTIONS}
          >
            Add section
          </Button>
        </Group>
      </Stack>
    </Paper>
  );
}
