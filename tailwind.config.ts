import type { Config } from 'tailwindcss';
// Written `.js` (resolved to tokens.ts): Storybook's config loader warns on extensionless imports.
import { tokens } from './packages/ui/src/tokens/tokens.js';

/** Tailwind's theme for the ui package and the app: the design system's tokens, nothing more. */
export default {
  content: ['./packages/ui/src/**/*.{ts,tsx}', './packages/app/src/**/*.{ts,tsx}', './packages/app/index.html'],
  theme: {
    extend: {
      colors: tokens.colors,
      fontFamily: tokens.fontFamily,
      fontSize: tokens.fontSize,
      spacing: tokens.spacing,
      width: tokens.spacing,
      borderRadius: tokens.borderRadius,
      boxShadow: tokens.boxShadow,
    },
  },
} satisfies Config;
