import { useState } from 'react';
import { Badge, Button, Group, Select, Stack, Text } from '@mantine/core';
import { IconCopy, IconEye, IconPalette, IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useNavigate, useParams } from 'react-router';
import { formatLocalDate } from '@merchant/core';
import { storeThemeEndpoints, THEME_PRESET_LABELS, THEME_PRESETS, type StoreThemeSummary, type ThemePreset } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { DataList } from '@/components/data-list';
import { EmptyState } from '@/components/empty-state';
import { PageFrame } from '@/components/page-frame';
import { QueryStatus } from '@/components/query-status';
import { call } from '@/lib/api-client';
import { modals } from '@/lib/modals';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useBusinessTimeZone } from '@/lib/session';
import { storeThemesQuery, useCreateTheme, useDuplicateTheme, useRemoveTheme } from '@/features/store-design/api/store-design-api';
import { ThemePreviewFrame } from './theme-preview-frame';

/** The store's themes (docs/online-store.md, "Store design"): the live one first, each to preview, customise, copy or delete. */
export function Component() {
  const { business_id: businessId = '' } = useParams();
  const navigate = useNavigate();
  const zone = useBusinessTimeZone(businessId);
  const themes = useQuery(storeThemesQuery(businessId));
  const create = useCreateTheme(businessId);
  const duplicate = useDuplicateTheme(businessId);
  const remove = useRemoveTheme(businessId);
  const [preset, setPreset] = useState<ThemePreset>('classic');
  const rows = themes.data?.data ?? [];
  const designer = (t: { id: string }) => href('online-store.store-design-theme', { business_id: businessId, theme_id: t.id, page: 'home' });

  const add = () =>
    create.mutate(preset, {
      onSuccess: (theme) => {
        notifySuccess(`${theme.name} added.`);
        void navigate(designer(theme));
      },
    });

  const preview = async (theme: StoreThemeSummary) => {
    try {
      const { html } = await call(storeThemeEndpoints.preview, { params: { business_id: businessId, theme_id: theme.id }, body: {} });
      modals.open({
        title: `Preview of ${theme.name}`,
        size: 'xl',
        children: <ThemePreviewFrame html={html} width="100%" title={`Preview of ${theme.name}`} />,
      });
    } catch (error) {
      notifyError(error);
    }
  };

  const confirmRemove = (theme: StoreThemeSummary) =>
    modals.openConfirmModal({
      title: 'Delete theme',
      children: <Text size="sm">“{theme.name}” and its draft are deleted. This cannot be undone.</Text>,
      labels: { confirm: 'Delete theme', cancel: 'Keep theme' },
      confirmProps: { color: 'red' },
      onConfirm: () => remove.mutate(theme.id, { onSuccess: () => notifySuccess(`${theme.name} deleted.`) }),
    });

  const adder = (
    <Group align="flex-end" gap="sm" wrap="wrap">
      <Select
        label="Preset"
        data={THEME_PRESETS.map((p) => ({ value: p, label: THEME_PRESET_LABELS[p] }))}
        value={preset}
        onChange={(v) => v && setPreset(v as ThemePreset)}
        allowDeselect={false}
        w={200}
      />
      <Button leftSection={<IconPlus size={16} aria-hidden />} onClick={add} loading={create.isPending}>
        Add theme
      </Button>
    </Group>
  );

  return (
    <PageFrame
      title="Customize store"
      description="Themes set your store's colours, fonts and the sections of its home page. The live theme is what customers see."
    >
      <Stack gap="lg">
        {adder}
        {!themes.data ? (
          <QueryStatus query={themes} loadingLabel="Loading themes" />
        ) : rows.length === 0 ? (
          <EmptyState
            icon={<IconPalette aria-hidden />}
            title="No themes yet"
            description="Add a theme from a preset above, customise it and publish it: your store then shows it instead of the plain layout."
          />
        ) : (
          <DataList
            label="Themes"
            rows={rows}
            rowKey={(t) => t.id}
            columns={[
              {
                header: 'Theme',
                card: 'title',
                cell: (t) => (
                  <Group gap="xs" wrap="nowrap">
                    <Link to={designer(t)}>{t.name}</Link>
                    {t.live ? (
                      <Badge color="green" variant="light">
                        Live
                      </Badge>
                    ) : null}
                  </Group>
                ),
              },
              { header: 'Preset', card: 'secondary', cell: (t) => THEME_PRESET_LABELS[t.preset] },
              {
                header: 'Published',
                nowrap: true,
                cell: (t) =>
                  (t.published_at ? formatLocalDate(t.published_at, zone) : 'Never') + (t.has_unpublished_changes && t.published_at ? ' (changed since)' : ''),
              },
              {
                header: 'Actions',
                cell: (t) => (
                  <Group gap="xs" wrap="wrap">
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconEye size={14} aria-hidden />}
                      onClick={() => void preview(t)}
                      aria-label={`Preview ${t.name}`}
                    >
                      Preview
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      component={Link}
                      to={designer(t)}
                      leftSection={<IconPalette size={14} aria-hidden />}
                      aria-label={`Customise ${t.name}`}
                    >
                      Customise
                    </Button>
                    <Button
                      size="xs"
                      variant="default"
                      leftSection={<IconCopy size={14} aria-hidden />}
                      onClick={() => duplicate.mutate(t.id, { onSuccess: (copy) => notifySuccess(`${copy.name} added.`) })}
                      aria-label={`Duplicate ${t.name}`}
                    >
                      Duplicate
                    </Button>
                    {t.live ? null : (
                      <Button
                        size="xs"
                        variant="default"
                        color="red"
                        leftSection={<IconTrash size={14} aria-hidden />}
                        onClick={() => confirmRemove(t)}
                        aria-label={`Delete ${t.name}`}
                      >
                        Delete
                      </Button>
                    )}
                  </Group>
                ),
              },
            ]}
          />
        )}
      </Stack>
    </PageFrame>
  );
}
