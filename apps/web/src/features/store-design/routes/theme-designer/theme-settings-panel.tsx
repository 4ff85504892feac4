import { ColorInput, Paper, Select, SimpleGrid, Stack, Title } from '@mantine/core';
import { THEME_FONT_LABELS, THEME_FONTS, type ThemeFont, type ThemeSettings } from '@merchant/catalogue';

const COLOURS = [
  ['background', 'Background colour'],
  ['text', 'Text colour'],
  ['accent', 'Accent colour (links and buttons)'],
] as const;

/** The theme's colours and fonts: every page of the store uses them. */
export function ThemeSettingsPanel(props: {
  settings: ThemeSettings;
  errors: Record<string, string>;
  onChange: (settings: ThemeSettings, key: string) => void;
}) {
  const { settings, errors } = props;
  const fonts = THEME_FONTS.map((f) => ({ value: f, label: THEME_FONT_LABELS[f] }));
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="theme-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="theme-settings-title">
          Colours and fonts
        </Title>
        {COLOURS.map(([key, label]) => (
          <ColorInput
            key={key}
            label={label}
            format="hex"
            withEyeDropper={false}
            value={settings.colors[key]}
            error={errors[`colors.${key}`]}
            onChange={(value) => props.onChange({ ...settings, colors: { ...settings.colors, [key]: value } }, `colors.${key}`)}
          />
        ))}
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Select
            label="Heading font"
            data={fonts}
            value={settings.heading_font}
            allowDeselect={false}
            onChange={(v) => v && props.onChange({ ...settings, heading_font: v as ThemeFont }, 'heading_font')}
          />
          <Select
            label="Body font"
            data={fonts}
            value={settings.body_font}
            allowDeselect={false}
            onChange={(v) => v && props.onChange({ ...settings, body_font: v as ThemeFont }, 'body_font')}
          />
        </SimpleGrid>
      </Stack>
    </Paper>
  );
}
