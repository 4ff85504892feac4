import type { Plugin } from 'vite';

/** The full stylesheet the app imports once (apps/web/src/app/providers.tsx); `vite dev` and the tests keep it. */
const FULL_STYLESHEET = '@mantine/core/styles.css';
const BASE_STYLES = 'merchant:mantine-base-styles';
/**
 * Each Mantine component's class names live in `<Name>.module.css.mjs`; its rules in `styles/<Name>.css`. Most are
 * under `components/`; the row that lays out a Switch, Checkbox or Radio with its label is `utils/InlineInput`,
 * without which a label fell below its control (issue 25).
 */
const CLASS_NAMES_MODULE = /\/@mantine\/core\/esm\/(?:components|utils)\/(?:[^/]+\/)*([A-Za-z]+)\.module\.css\.mjs$/;

/**
 * Mantine's styles in the build, a component's with its code. The full stylesheet (about 230 KB, every
 * component) is replaced by its base (the CSS variables, the baseline and the global rules), and the module
 * that names a component's classes imports that component's own stylesheet. Vite puts a stylesheet in the
 * chunk of the code that imports it and loads it before that chunk runs, so a screen downloads the styles
 * of the components it shows, and the first paint waits for the base and the entry's few components only.
 * In `vite dev`, where Mantine is pre-bundled and its modules never pass through here, the full stylesheet
 * stays.
 */
export function mantineStyles(): Plugin {
  return {
    name: 'merchant:mantine-styles',
    apply: 'build',
    enforce: 'pre',
    resolveId(source) {
      return source === FULL_STYLESHEET ? `\0${BASE_STYLES}` : null;
    },
    load(id) {
      if (id !== `\0${BASE_STYLES}`) return null;
      return ['baseline', 'default-css-variables', 'global'].map((name) => `import '@mantine/core/styles/${name}.css';`).join('\n');
    },
    transform(code, id) {
      const name = CLASS_NAMES_MODULE.exec(id)?.[1];
      return name ? { code: `import '@mantine/core/styles/${name}.css';\n${code}`, map: null } : null;
    },
  };
}
