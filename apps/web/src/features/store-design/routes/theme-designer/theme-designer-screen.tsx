import { useEffect, useMemo, useState } from 'react';
import { Alert, Badge, Button, Grid, Group, SegmentedControl, Stack, Text, Title } from '@mantine/core';
import { useDebouncedValue } from '@mantine/hooks';
import { IconArrowBackUp, IconArrowForwardUp, IconDeviceDesktop, IconDeviceMobile, IconDeviceFloppy, IconWorldUpload } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from 'react-router';
import { defaultSection, type SectionType, type StoreTheme, type ThemeContent } from '@merchant/catalogue';
import { href } from '@/app/route-table';
import { PageFrame } from '@/components/page-frame';
import { QueryPage } from '@/components/query-status';
import { ApiError } from '@/lib/api-client';
import { fieldErrors } from '@/lib/error-message';
import { modals } from '@/lib/modals';
import { notifyError, notifySuccess } from '@/lib/notify';
import { storeThemeQuery, themePreviewQuery, usePublishTheme, useSaveTheme } from '@/features/store-design/api/store-design-api';
import { ThemePreviewFrame } from '../theme-list/theme-preview-frame';
import { moved, SectionsPanel } from './sections-panel';
import { SectionSettings } from './section-settings';
import { ThemeSettingsPanel } from './theme-settings-panel';
import { useHistory } from './use-theme-history';

/** The theme designer of one page of a theme (`home` for now): its sections, colours and fonts, and a live preview. */
export function Component() {
  const { business_id: businessId = '', theme_id: themeId = '', page = 'home' } = useParams();
  const theme = useQuery(storeThemeQuery(businessId, themeId));
  if (page !== 'home')
    return (
      <PageFrame title="Theme designer">
        <Alert color="yellow" title="Not designed yet">
          Only the home page of a theme can be designed for now.{' '}
          <Link to={href('online-store.store-design-theme', { business_id: businessId, theme_id: themeId, page: 'home' })}>Design the home page</Link>
        </Alert>
      </PageFrame>
    );
  if (!theme.data) return <QueryPage title="Theme designer" query={theme} loadingLabel="Loading the theme" />;
  return <Designer key={theme.data.id} businessId={businessId} theme={theme.data} />;
}

/** Issues of the draft under a prefix (`pages.home.2.settings.`), keyed by the rest of their path. */
function issuesUnder(errors: Record<string, string>, prefix: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const [path, message] of Object.entries(errors)) if (path.startsWith(prefix)) out[path.slice(prefix.length)] = message;
  return out;
}

function Designer({ businessId, theme }: { businessId: string; theme: StoreTheme }) {
  const history = useHistory<ThemeContent>(theme.draft);
  const content = history.value;
  const [saved, setSaved] = useState({ version: theme.version, draft: theme.draft });
  const [selected, setSelected] = useState<string | null>(content.pages.home[0]?.id ?? null);
  const [width, setWidth] = useState<'desktop' | 'phone'>('desktop');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [stale, setStale] = useState(false);
  const save = useSaveTheme(businessId, theme.id);
  const publish = usePublishTheme(businessId, theme.id);
  const dirty = JSON.stringify(content) !== JSON.stringify(saved.draft);
  const [debounced] = useDebouncedValue(content, 300);
  const preview = useQuery({ ...themePreviewQuery(businessId, theme.id, debounced), meta: { silent: true } });
  const sections = content.pages.home;
  const section = sections.find((s) => s.id === selected) ?? null;
  const sectionIndex = section ? sections.indexOf(section) : -1;

  // Ctrl/Cmd+Z and Shift+Ctrl/Cmd+Z (or Ctrl+Y) outside text fields undo and redo.
  useEffect(() => {
    const onKey = (e: KeyboardEvent) => {
      const target = e.target as HTMLElement | null;
      if (target && (target.tagName === 'INPUT' || target.tagName === 'TEXTAREA')) return;
      if (!(e.ctrlKey || e.metaKey)) return;
      if (e.key.toLowerCase() === 'z') {
        e.preventDefault();
        if (e.shiftKey) history.redo();
        else history.undo();
      } else if (e.key.toLowerCase() === 'y') {
        e.preventDefault();
        history.redo();
      }
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [history]);

  const setSections = (update: (list: ContentSections) => ContentSections, key: string | null = null) =>
    history.change((c) => ({ ...c, pages: { ...c.pages, home: update(c.pages.home) } }), key);

  const add = (type: SectionType) => {
    const id = `${type.replace(/_/g, '-')}-${Math.random().toString(36).slice(2, 8)}`;
    setSections((list) => [...list, defaultSection(type, id)]);
    setSelected(id);
  };

  const saveDraft = async (): Promise<boolean> => {
    try {
      const result = await save.mutateAsync({ version: saved.version, draft: content });
      setSaved({ version: result.version, draft: content });
      setErrors({});
      return true;
    } catch (error) {
      if (error instanceof ApiError && error.status === 409) setStale(true);
      else if (error instanceof ApiError && error.status === 422) {
        setErrors(issuesUnder(fieldErrors(error), 'draft.'));
        notifyError(new Error('Some settings need a change: see the sections marked.'));
      } else notifyError(error);
      return false;
    }
  };

  const confirmPublish = () =>
    modals.openConfirmModal({
      title: 'Publish theme',
      children: (
        <Text size="sm">
          {dirty ? 'Your changes are saved, then ' : ''}“{theme.name}” becomes your store's live theme: customers see it at once.
        </Text>
      ),
      labels: { confirm: 'Publish', cancel: 'Not now' },
      onConfirm: () =>
        void (async () => {
          if (dirty && !(await saveDraft())) return;
          publish.mutate(undefined, { onSuccess: () => notifySuccess(`${theme.name} is live on your store.`) });
        })(),
    });

  const list = href('online-store.store-design', { business_id: businessId });
  const sectionErrors = sectionIndex >= 0 ? issuesUnder(errors, `pages.home.${sectionIndex}.settings.`) : {};
  const invalidSections = useMemo(
    () =>
      new Set(
        Object.keys(errors)
          .map((p) => /^pages\.home\.(\d+)\./.exec(p)?.[1])
          .filter(Boolean),
      ),
    [errors],
  );

  return (
    <PageFrame
      title={`Theme designer: ${theme.name}`}
      description={
        <>
          Home page ·{' '}
          {theme.live ? (
            <Badge color="green" variant="light" size="sm">
              Live
            </Badge>
          ) : (
            'Not live'
          )}{' '}
          · {dirty ? 'Unsaved changes' : 'All changes saved'} · <Link to={list}>Back to themes</Link>
        </>
      }
      actions={
        <Group gap="xs">
          <Button variant="default" leftSection={<IconArrowBackUp size={16} aria-hidden />} onClick={history.undo} disabled={!history.canUndo}>
            Undo
          </Button>
          <Button variant="default" leftSection={<IconArrowForwardUp size={16} aria-hidden />} onClick={history.redo} disabled={!history.canRedo}>
            Redo
          </Button>
          <Button
            variant="default"
            leftSection={<IconDeviceFloppy size={16} aria-hidden />}
            onClick={() => void saveDraft().then((ok) => ok && notifySuccess('Draft saved.'))}
            loading={save.isPending}
            disabled={!dirty}
          >
            Save draft
          </Button>
          <Button leftSection={<IconWorldUpload size={16} aria-hidden />} onClick={confirmPublish} loading={publish.isPending}>
            Publish
          </Button>
        </Group>
      }
    >
      {stale ? (
        <Alert color="red" title="Saved elsewhere">
          This theme was saved in another window since you opened it. Reload the page to see those changes (yours here are not saved).
        </Alert>
      ) : null}
      {invalidSections.size > 0 ? (
        <Alert color="red" title="Some settings need a change">
          Sections {[...invalidSections].map((i) => Number(i) + 1).join(', ')} have settings the store cannot use.
        </Alert>
      ) : null}
      <Grid gutter="md">
        <Grid.Col span={{ base: 12, lg: 4 }}>
          <Stack gap="md">
            <SectionsPanel
              sections={sections}
              selected={selected}
              onSelect={setSelected}
              onMove={(from, to) => setSections((l) => moved(l, from, to))}
              onAdd={add}
              onRemove={(id) => {
                setSections((l) => l.filter((s) => s.id !== id));
                if (selected === id) setSelected(null);
              }}
            />
            {section ? (
              <SectionSettings
                businessId={businessId}
                section={section}
                errors={sectionErrors}
                onChange={(next, key) => setSections((l) => l.map((s) => (s.id === next.id ? next : s)), key)}
              />
            ) : null}
            <ThemeSettingsPanel
              settings={content.settings}
              errors={issuesUnder(errors, 'settings.')}
              onChange={(settings, key) => history.change((c) => ({ ...c, settings }), `settings.${key}`)}
            />
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, lg: 8 }}>
          <Stack gap="sm" component="section" aria-labelledby="preview-title">
            <Group justify="space-between" wrap="wrap">
              <Title order={2} size="h4" id="preview-title">
                Preview
              </Title>
              <SegmentedControl
                aria-label="Preview width"
                value={width}
                onChange={(v) => setWidth(v as 'desktop' | 'phone')}
                data={[
                  {
                    value: 'desktop',
                    label: (
                      <Group gap={4} wrap="nowrap">
                        <IconDeviceDesktop size={16} aria-hidden />
                        Desktop
                      </Group>
                    ),
                  },
                  {
                    value: 'phone',
                    label: (
                      <Group gap={4} wrap="nowrap">
                        <IconDeviceMobile size={16} aria-hidden />
                        Phone
                      </Group>
                    ),
                  },
                ]}
              />
            </Group>
            <ThemePreviewFrame html={preview.data?.html} width={width === 'phone' ? 375 : '100%'} title="Store preview" />
          </Stack>
        </Grid.Col>
      </Grid>
    </PageFrame>
  );
}

type ContentSections = ThemeContent['pages']['home'];
