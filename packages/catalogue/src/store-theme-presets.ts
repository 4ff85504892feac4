import type { SectionType, ThemeContent, ThemePreset, ThemeSection, ThemeSettings } from './store-themes';

/** A new section of a type with its starting settings (the designer's "Add section"). */
export function defaultSection(type: SectionType, id: string): ThemeSection {
  switch (type) {
    case 'announcement':
      return { id, type, settings: { text: 'Free delivery on orders over 50', link: '' } };
    case 'header':
      return { id, type, settings: { tagline: '', show_categories: true } };
    case 'hero':
      return {
        id,
        type,
        settings: {
          heading: 'Welcome to our store',
          subheading: 'Things we make and love.',
          button_label: 'Shop now',
          button_link: '/search',
          image: { url: '', alt: '' },
        },
      };
    case 'product_grid':
      return { id, type, settings: { heading: 'Featured products', limit: 8 } };
    case 'collection':
      return { id, type, settings: { heading: 'Collection', category_id: null, limit: 4 } };
    case 'rich_text':
      return { id, type, settings: { heading: 'About us', text: 'Tell your customers what makes your store special.' } };
    case 'image_with_text':
      return {
        id,
        type,
        settings: { heading: 'Made with care', text: 'Say something about your products.', image: { url: '', alt: '' }, image_position: 'left' },
      };
    case 'testimonials':
      return { id, type, settings: { heading: 'What customers say', items: [{ quote: 'Lovely things, quick delivery.', author: 'A happy customer' }] } };
    case 'footer':
      return { id, type, settings: { text: 'Thank you for shopping with us.' } };
  }
}

const PRESET_SETTINGS: Record<ThemePreset, ThemeSettings> = {
  classic: { colors: { background: '#ffffff', text: '#1a1b1e', accent: '#1c5bd6' }, heading_font: 'serif', body_font: 'system' },
  bold: { colors: { background: '#fff8e7', text: '#1a1b1e', accent: '#b3261e' }, heading_font: 'rounded', body_font: 'rounded' },
  minimal: { colors: { background: '#fafafa', text: '#212529', accent: '#2b2b2b' }, heading_font: 'system', body_font: 'system' },
};

const PRESET_SECTIONS: Record<ThemePreset, SectionType[]> = {
  classic: ['header', 'hero', 'product_grid', 'rich_text', 'footer'],
  bold: ['announcement', 'hero', 'product_grid', 'testimonials', 'image_with_text', 'footer'],
  minimal: ['header', 'product_grid', 'footer'],
};

/** A preset's content: its colours and fonts and the home page's sections (ids `<type>-1`). */
export function presetContent(preset: ThemePreset): ThemeContent {
  return {
    settings: structuredClone(PRESET_SETTINGS[preset]),
    pages: { home: PRESET_SECTIONS[preset].map((type) => defaultSection(type, `${type.replace(/_/g, '-')}-1`)) },
  };
}
