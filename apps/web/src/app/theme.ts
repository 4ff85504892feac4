import {
  createTheme,
  defaultVariantColorsResolver,
  type CSSVariablesResolver,
  type ModalProps,
  type NotificationProps,
  type VariantColorsResolver,
} from '@mantine/core';

/**
 * "light" variants (badges, alerts) keep their tinted background but use the body text colour:
 * the tinted text Mantine picks falls under 4.5:1 for green, blue, yellow and others at small sizes.
 */
const variantColorResolver: VariantColorsResolver = (input) => {
  const colors = defaultVariantColorsResolver(input);
  return input.variant === 'light' ? { ...colors, color: 'var(--mantine-color-text)' } : colors;
};

export const theme = createTheme({
  variantColorResolver,
  primaryColor: 'indigo',
  /** Darker shades than Mantine's default so text on filled and light surfaces meets WCAG AA. */
  primaryShade: { light: 8, dark: 8 },
  autoContrast: true,
  /** Black text on fills lighter than this luminance (WCAG's crossover where black and white contrast equally). */
  luminanceThreshold: 0.179,
  defaultRadius: 'md',
  /** Focus rings for keyboard users (visible focus on every control). */
  focusRing: 'auto',
  fontFamily: 'Inter, system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, "Noto Sans", sans-serif',
  headings: { fontWeight: '700' },
  cursorType: 'pointer',
  /** No sliding or fading for people whose system asks for less motion (WCAG 2.3.3): snackbars and dialogs appear at once. */
  respectReducedMotion: true,
  components: {
    // Every dialog's close button has a name (axe: button-name). Plain objects rather than `Modal.extend`:
    // naming the component here would put the dialog code into the first download of every screen.
    Modal: { defaultProps: { closeButtonProps: { 'aria-label': 'Close dialog' } } satisfies Partial<ModalProps> },
    // Help text under its input, never between label and input: inputs side by side in a row share their top line
    // whatever help text each has (issue 25).
    InputWrapper: { defaultProps: { inputWrapperOrder: ['label', 'input', 'description', 'error'] } },
    // Status badges show their whole label: in a table's narrow column Mantine would cut it to "SU…".
    Badge: { styles: { root: { minWidth: 'max-content' } } },
    // Snackbars: a named close button and readable text (WCAG AA).
    Notification: {
      defaultProps: { closeButtonProps: { 'aria-label': 'Dismiss notification' } } satisfies Partial<NotificationProps>,
      styles: { description: { color: 'var(--mantine-color-text)' } },
    },
  },
});

/** Dimmed text and field errors readable on both schemes (4.5:1; Mantine's red-6 errors reach 3.3:1 on white). */
export const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': 'var(--mantine-color-gray-7)', '--mantine-color-error': 'var(--mantine-color-red-8)' },
  dark: { '--mantine-color-dimmed': 'var(--mantine-color-dark-1)' },
});
