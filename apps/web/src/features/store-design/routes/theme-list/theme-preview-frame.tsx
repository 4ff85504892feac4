import { Box, Loader } from '@mantine/core';

/**
 * The storefront's home page as a theme's draft shows it, in a frame with no scripts and no access to the dashboard
 * (`sandbox`): the HTML comes from the preview endpoint, rendered and escaped by the server. The phone width is 375 px,
 * or the whole column when that is narrower (on a phone).
 */
export function ThemePreviewFrame({ html, width, title }: { html: string | undefined; width: number | '100%'; title: string }) {
  return (
    <Box
      style={{
        width: '100%',
        border: '1px solid var(--mantine-color-default-border)',
        borderRadius: 8,
        background: 'var(--mantine-color-body)',
      }}
    >
      {html === undefined ? (
        <Loader size="sm" m="md" aria-label="Loading the preview" />
      ) : (
        <iframe title={title} srcDoc={html} sandbox="" style={{ display: 'block', border: 0, width, maxWidth: '100%', height: 640, margin: '0 auto' }} />
      )}
    </Box>
  );
}
