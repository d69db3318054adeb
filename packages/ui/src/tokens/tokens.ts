/**
 * The design tokens. Every colour, size and shadow the ui package uses comes from here: tailwind.config.ts turns them
 * into classes, cn.ts teaches tailwind-merge their names, and the 'Design tokens' story renders this object, so
 * designers see exactly what the code uses.
 *
 * Two themes share one set of class names: `colors`/`boxShadow` are the light theme, `darkColors`/`darkBoxShadow` the
 * dark one. tailwind.config.ts makes each class read a CSS custom property (`bg-surface` → `var(--ds-surface)`) and
 * writes both sets of values: light at `:root`, dark under `<html data-theme="dark">` and, when no theme is chosen,
 * under `prefers-color-scheme: dark`.
 *
 * Contrast (WCAG AA, checked by axe in every story in both themes): body text pairs meet 4.5:1 —
 * ink/ink-muted/ink-subtle, brand-600/700/800, danger, success, warning and info on surface, surface-muted and
 * surface-sunken; brand-700/800 on brand-50/100; each status colour on its `soft`; ink-inverse on brand-600/700/800
 * and danger; white on the box colours, sidebar-active and brand-900; sidebar-text on sidebar/sidebar-hover. Borders
 * of inputs (line-strong) and the focus ring (brand-600) meet 3:1 on the surfaces.
 * Dark, lowest ratios: ink-subtle on surface-sunken 5.4:1, line-strong on surface 3.6:1, ink-inverse on brand-600
 * 8.1:1, white on box-amber 7.1:1.
 * The dark theme turns the brand scale around where it is text (brand-600..800 light blues on dark surfaces; filled
 * buttons then carry dark `ink-inverse` text) and keeps what is always dark dark: the sidebar, brand-900 (the landing
 * page) and the summary boxes (white text).
 */
const colors = {
  brand: {
    50: '#eef4ff',
    100: '#dbe6fe',
    200: '#bfd3fe',
    500: '#3b6ef5',
    600: '#2552e0',
    700: '#1d3fba',
    800: '#1c3894',
    900: '#0f1d4a',
  },
  sidebar: { DEFAULT: '#0f1d4a', hover: '#1c3894', active: '#2552e0', text: '#e6ecff' },
  surface: { DEFAULT: '#ffffff', muted: '#f4f6fb', sunken: '#e9edf5' },
  ink: { DEFAULT: '#1a2033', muted: '#4a5369', subtle: '#6b7386', inverse: '#ffffff' },
  line: { DEFAULT: '#d5dbe7', strong: '#a9b3c7' },
  success: { DEFAULT: '#157a3c', soft: '#e3f5ea' },
  danger: { DEFAULT: '#c62828', hover: '#a31f1f', soft: '#fdecec' },
  warning: { DEFAULT: '#8a5a00', soft: '#fff4d6' },
  info: { DEFAULT: '#0b62a4', soft: '#e4f1fb' },
  box: { purple: '#6b34c9', green: '#157a3c', red: '#c62828', amber: '#8a5a00' },
} as const;

type Palette = { readonly [Group in keyof typeof colors]: { readonly [Shade in keyof (typeof colors)[Group]]: string } };

const darkColors = {
  brand: {
    50: '#16213f',
    100: '#1f2d57',
    200: '#2c3f78',
    500: '#6d90f7',
    600: '#8aa9ff',
    700: '#a9c0ff',
    800: '#c7d6ff',
    900: '#0b1433',
  },
  sidebar: { DEFAULT: '#0a1024', hover: '#1a2447', active: '#2552e0', text: '#e6ecff' },
  surface: { DEFAULT: '#171c28', muted: '#0f131c', sunken: '#222938' },
  ink: { DEFAULT: '#e7eaf2', muted: '#b3bccd', subtle: '#959eb2', inverse: '#0f131c' },
  line: { DEFAULT: '#2f3747', strong: '#6a7489' },
  success: { DEFAULT: '#5fd38d', soft: '#12301f' },
  danger: { DEFAULT: '#ff8a84', hover: '#ffa9a4', soft: '#3a1a1c' },
  warning: { DEFAULT: '#f0be5a', soft: '#33270c' },
  info: { DEFAULT: '#6cb8f0', soft: '#10283b' },
  box: { purple: '#5b2db0', green: '#146c36', red: '#b02424', amber: '#7a5000' },
} as const satisfies Palette;

const boxShadow = {
  card: '0 1px 2px rgb(15 29 74 / 0.06), 0 1px 6px rgb(15 29 74 / 0.08)',
  raised: '0 4px 12px rgb(15 29 74 / 0.12)',
  overlay: '0 12px 32px rgb(15 29 74 / 0.24)',
} as const;

// On dark surfaces a shadow only reads when it is darker and denser; a faint light edge keeps cards apart.
const darkBoxShadow = {
  card: '0 0 0 1px rgb(255 255 255 / 0.04), 0 1px 3px rgb(0 0 0 / 0.5)',
  raised: '0 0 0 1px rgb(255 255 255 / 0.06), 0 4px 14px rgb(0 0 0 / 0.55)',
  overlay: '0 0 0 1px rgb(255 255 255 / 0.08), 0 12px 32px rgb(0 0 0 / 0.7)',
} as const satisfies Record<keyof typeof boxShadow, string>;

export const tokens = {
  colors,
  darkColors,
  fontFamily: {
    sans: ['"Inter Variable"', 'Inter', 'ui-sans-serif', 'system-ui', 'sans-serif'],
    // Shipped with the app (ui's styles.css loads them), so text looks the same whatever fonts a machine has.
    mono: ['"JetBrains Mono Variable"', 'ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
    serif: ['"Source Serif 4 Variable"', 'ui-serif', 'Georgia', 'serif'],
  },
  fontSize: {
    xs: ['0.75rem', { lineHeight: '1rem' }],
    sm: ['0.875rem', { lineHeight: '1.25rem' }],
    base: ['1rem', { lineHeight: '1.5rem' }],
    lg: ['1.125rem', { lineHeight: '1.75rem' }],
    xl: ['1.25rem', { lineHeight: '1.75rem' }],
    '2xl': ['1.5rem', { lineHeight: '2rem' }],
    '3xl': ['1.875rem', { lineHeight: '2.25rem' }],
    '4xl': ['2.5rem', { lineHeight: '1.1' }],
  },
  spacing: {
    sidebar: '230px',
    'sidebar-collapsed': '60px',
    header: '64px',
  },
  borderRadius: {
    sm: '4px',
    DEFAULT: '6px',
    md: '8px',
    lg: '12px',
    full: '9999px',
  },
  boxShadow,
  darkBoxShadow,
} as const;
