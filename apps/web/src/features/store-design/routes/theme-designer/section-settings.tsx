import { Button, Group, Paper, Radio, Select, Stack, Text, Textarea, TextInput, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import { useQuery } from '@tanstack/react-query';
import { categoryEndpoints, SECTION_LABELS, type ThemeSection } from '@merchant/catalogue';
import { ChoiceRow, SwitchRow } from '@/components/form/switch-row';
import { endpointQuery } from '@/lib/queries';

type Settings = Record<string, unknown>;
const LIMITS = ['2', '3', '4', '6', '8', '12', '16', '24'];

/**
 * The settings form of the chosen section, by its type. Every change goes up at once (the preview follows it) with the
 * field it touched, so the designer's undo takes one step per field typed into. `errors` are the server's issues of
 * this section, by their path under its settings.
 */
export function SectionSettings(props: {
  businessId: string;
  section: ThemeSection;
  errors: Record<string, string>;
  onChange: (section: ThemeSection, key: string) => void;
}) {
  const { section, errors } = props;
  const s = section.settings as Settings;
  const set = (key: string, value: unknown) => props.onChange({ ...section, settings: { ...s, [key]: value } } as ThemeSection, `${section.id}.${key}`);
  const categories = useQuery({
    ...endpointQuery(categoryEndpoints.list, { params: { business_id: props.businessId } }),
    enabled: section.type === 'collection',
  });

  const text = (key: string, label: string, max: number, options: { long?: boolean; required?: boolean; description?: string } = {}) => {
    const common = {
      label,
      value: String(s[key] ?? ''),
      error: errors[key],
      required: options.required,
      description: options.description ?? `Up to ${max} characters`,
      maxLength: max,
      onChange: (e: { currentTarget: { value: string } }) => set(key, e.currentTarget.value),
    };
    return options.long ? <Textarea key={key} {...common} autosize minRows={3} maxRows={10} /> : <TextInput key={key} {...common} autoComplete="off" />;
  };
  const link = (key: string, label: string) =>
    text(key, label, 500, { description: 'An address starting with https:// or a page of your store such as /search' });
  const image = (key: string) => {
    const img = (s[key] as { url: string; alt: string } | undefined) ?? { url: '', alt: '' };
    return (
      <Stack gap="xs" key={key}>
        <TextInput
          label="Image address"
          description="An image from your media library or the web (https://...)"
          value={img.url}
          error={errors[`${key}.url`]}
          onChange={(e) => set(key, { ...img, url: e.currentTarget.value })}
          autoComplete="off"
        />
        <TextInput
          label="Image description (alt text)"
          value={img.alt}
          error={errors[`${key}.alt`]}
          maxLength={200}
          onChange={(e) => set(key, { ...img, alt: e.currentTarget.value })}
        />
      </Stack>
    );
  };
  const limit = () => (
    <Select
      key="limit"
      label="Products shown"
      data={LIMITS}
      value={String(s['limit'] ?? 8)}
      onChange={(v) => v && set('limit', Number(v))}
      allowDeselect={false}
      w={160}
    />
  );

  let fields: React.ReactNode;
  switch (section.type) {
    case 'announcement':
      fields = [text('text', 'Announcement', 200, { required: true }), link('link', 'Link')];
      break;
    case 'header':
      fields = [
        text('tagline', 'Tagline', 120),
        <SwitchRow
          key="show_categories"
          label="Show categories"
          description="Links to your product categories under the store's name"
          checked={Boolean(s['show_categories'])}
          onChange={(e) => set('show_categories', e.currentTarget.checked)}
        />,
      ];
      break;
    case 'hero':
      fields = [
        text('heading', 'Heading', 120, { required: true }),
        text('subheading', 'Subheading', 300, { long: true }),
        text('button_label', 'Button label', 40),
        link('button_link', 'Button link'),
        image('image'),
      ];
      break;
    case 'product_grid':
      fields = [text('heading', 'Heading', 120), limit()];
      break;
    case 'collection':
      fields = [
        text('heading', 'Heading', 120, { description: "Empty: the category's name" }),
        <Select
          key="category_id"
          label="Category"
          placeholder="Choose a category"
          data={(categories.data?.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
          value={(s['category_id'] as string | null) ?? null}
          onChange={(v) => set('category_id', v)}
          error={errors['category_id']}
          clearable
        />,
        limit(),
      ];
      break;
    case 'rich_text':
      fields = [text('heading', 'Heading', 120), text('text', 'Text', 2000, { long: true })];
      break;
    case 'image_with_text':
      fields = [
        text('heading', 'Heading', 120),
        text('text', 'Text', 1000, { long: true }),
        image('image'),
        <Radio.Group key="image_position" label="Image position" value={String(s['image_position'])} onChange={(v) => set('image_position', v)}>
          <Group gap="lg" mt={4}>
            <ChoiceRow value="left" label="Left" />
            <ChoiceRow value="right" label="Right" />
          </Group>
        </Radio.Group>,
      ];
      break;
    case 'testimonials': {
      const items = (s['items'] as { quote: string; author: string }[] | undefined) ?? [];
      const setItem = (i: number, item: { quote: string; author: string }) =>
        set(
          'items',
          items.map((x, j) => (j === i ? item : x)),
        );
      fields = [
        text('heading', 'Heading', 120),
        ...items.map((item, i) => (
          <Paper key={`item-${i}`} withBorder p="sm" radius="sm">
            <Stack gap="xs">
              <Textarea
                label={`Quote ${i + 1}`}
                value={item.quote}
                required
                maxLength={300}
                error={errors[`items.${i}.quote`]}
                autosize
                minRows={2}
                onChange={(e) => setItem(i, { ...item, quote: e.currentTarget.value })}
              />
              <TextInput
                label={`Author ${i + 1}`}
                value={item.author}
                maxLength={80}
                onChange={(e) => setItem(i, { ...item, author: e.currentTarget.value })}
              />
              <Group justify="flex-end">
                <Button
                  size="xs"
                  variant="subtle"
                  color="red"
                  leftSection={<IconTrash size={14} aria-hidden />}
                  onClick={() =>
                    set(
                      'items',
                      items.filter((_, j) => j !== i),
                    )
                  }
                >
                  Remove quote {i + 1}
                </Button>
              </Group>
            </Stack>
          </Paper>
        )),
        items.length < 6 ? (
          <Button
            key="add"
            size="xs"
            variant="default"
            leftSection={<IconPlus size={14} aria-hidden />}
            onClick={() => set('items', [...items, { quote: '', author: '' }])}
          >
            Add a quote
          </Button>
        ) : null,
      ];
      break;
    }
    case 'footer':
      fields = [text('text', 'Text', 300, { long: true })];
      break;
  }

  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby="section-settings-title">
      <Stack gap="sm">
        <Title order={2} size="h4" id="section-settings-title">
          {SECTION_LABELS[section.type]} settings
        </Title>
        {errors[''] ? (
          <Text c="red" size="sm">
            {errors['']}
          </Text>
        ) : null}
        {fields}
      </Stack>
    </Paper>
  );
}
