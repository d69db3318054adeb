/**
 * The design tokens. Every colour, size and shadow the ui package uses comes from here: tailwind.config.ts turns them
 * into classes, cn.ts teaches tailwind-merge their names, and the 'Design tokens' story renders this object, so
 * designers see exactly what the code uses.
 * Colour pairs are chosen so text on each background meets WCAG AA (4.5:1).
 */
export const tokens = {
  colors: {
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
  },
  fontFamily: {
    sans: ['"Inter Variable"', 'Inter', 'ui-sans-serif', 'system-ui', 'sans-serif'],
    mono: ['ui-monospace', 'SFMono-Regular', 'Menlo', 'monospace'],
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
  boxShadow: {
    card: '0 1px 2px rgb(15 29 74 / 0.06), 0 1px 6px rgb(15 29 74 / 0.08)',
    raised: '0 4px 12px rgb(15 29 74 / 0.12)',
    overlay: '0 12px 32px rgb(15 29 74 / 0.24)',
  },
} as const;
