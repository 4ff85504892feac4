import { useEffect } from 'react';
import { Box, Button, Group, Text } from '@mantine/core';
import { useLocation, useNavigate } from 'react-router';
import { cameFromSameArea } from './section-history';
import { CONTENT_PADDING, subHeaderStore, useSubHeaderState } from './sub-header-store';

/**
 * Spec 2 "Sub-header bar": a page-level bar with a secondary Cancel and a primary Save.
 * Cancel (and the browser's back, which leaves the page that opened it) goes to the previous page and hides it.
 * Cancel stays in the section: when the person did not come from a page of this section, it goes to the
 * screen's `backTo`, else to the layout's `fallbackHref` (the section's home).
 */
export function SubHeaderBar({ fallbackHref, contentWidth }: { fallbackHref?: string; contentWidth: number }) {
  const bar = useSubHeaderState();
  const location = useLocation();
  const navigate = useNavigate();
  useEffect(() => {
    const current = subHeaderStore.get();
    if (current.visible && current.owner !== location.key) subHeaderStore.hide();
  }, [location.key, bar.owner]);
  if (!bar.visible || bar.owner !== location.key) return null;

  const cancel = () => {
    const fallback = bar.fallbackHref ?? fallbackHref;
    subHeaderStore.hide();
    if (cameFromSameArea(location.key)) void navigate(-1);
    else if (fallback) void navigate(fallback, { replace: true });
    // React Router names the first entry of the tab 'default': there is no previous page of the app then.
    else if (location.key !== 'default') void navigate(-1);
  };
  const title = bar.title ?? (bar.saved ? 'All changes saved' : 'Unsaved changes');

  return (
    <Box
      component="section"
      aria-label={title || 'Save or cancel'}
      data-sub-header-bar
      style={{
        position: 'sticky',
        top: 'var(--app-shell-header-offset, 0px)',
        zIndex: 5,
        background: 'var(--mantine-color-body)',
        borderBottom: '1px solid var(--mantine-color-default-border)',
      }}
    >
      {/* The same width and side padding as the page's content below, so the bar lines up with its edges. */}
      <Box py="xs" px={CONTENT_PADDING} maw={contentWidth}>
        {/* On a phone the buttons wrap under the text rather than cut it. */}
        <Group justify="space-between" gap="xs" wrap="wrap">
          {title ? (
            <Text fw={600} data-sub-header-title style={{ overflowWrap: 'break-word' }}>
              {title}
            </Text>
          ) : null}
          {bar.actionsVisible ? (
            <Group gap="xs" wrap="nowrap" ml="auto">
              <Button type="button" variant="default" onClick={cancel}>
                {bar.cancelLabel}
              </Button>
              <Button type="button" onClick={() => bar.onSave?.()} disabled={bar.saved || !bar.onSave} loading={bar.saving}>
                {bar.saveLabel}
              </Button>
            </Group>
          ) : null}
        </Group>
      </Box>
    </Box>
  );
}
