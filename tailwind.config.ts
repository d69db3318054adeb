import type { Config } from 'tailwindcss';
import plugin from 'tailwindcss/plugin';
// Written `.js` (resolved to tokens.ts): Storybook's config loader warns on extensionless imports.
import { tokens } from './packages/ui/src/tokens/tokens.js';

type ColorGroups = Record<string, Record<string, string>>;

/** `--ds-brand-600`, `--ds-surface` (DEFAULT drops out): one custom property per colour token. */
const colorVariable = (group: string, shade: string) => (shade === 'DEFAULT' ? `--ds-${group}` : `--ds-${group}-${shade}`);

/** The classes' colours: the same names as the tokens, each reading its custom property, so a theme is only values. */
function colorsAsVariables(palette: ColorGroups): ColorGroups {
  return Object.fromEntries(
    Object.entries(palette).map(([group, shades]) => [
      group,
      Object.fromEntries(Object.keys(shades).map((shade) => [shade, `var(${colorVariable(group, shade)})`])),
    ]),
  );
}

/** The custom properties' values of one theme (colours and shadows). */
function themeVariables(palette: ColorGroups, shadows: Record<string, string>): Record<string, string> {
  const colors = Object.entries(palette).flatMap(([group, shades]) =>
    Object.entries(shades).map(([shade, value]) => [colorVariable(group, shade), value]),
  );
  const boxShadows = Object.entries(shadows).map(([name, value]) => [`--ds-shadow-${name}`, value]);
  return Object.fromEntries([...colors, ...boxShadows]);
}

const light = { ...themeVariables(tokens.colors, tokens.boxShadow), colorScheme: 'light' };
const dark = { ...themeVariables(tokens.darkColors, tokens.darkBoxShadow), colorScheme: 'dark' };

/**
 * Light at :root; dark when <html data-theme="dark"> is chosen, or when the system prefers dark and no theme is
 * chosen (data-theme="light" is an explicit choice and wins over the system).
 */
const themes = plugin(({ addBase }) => {
  addBase({
    ':root': light,
    ':root[data-theme="dark"]': dark,
    '@media (prefers-color-scheme: dark)': { ':root:not([data-theme="light"])': dark },
  });
});

/** Tailwind's theme for the ui package and the app: the design system's tokens, nothing more. */
export default {
  content: ['./packages/ui/src/**/*.{ts,tsx}', './packages/app/src/**/*.{ts,tsx}', './packages/app/index.html'],
  theme: {
    extend: {
      colors: colorsAsVariables(tokens.colors),
      fontFamily: tokens.fontFamily,
      fontSize: tokens.fontSize,
      spacing: tokens.spacing,
      width: tokens.spacing,
      borderRadius: tokens.borderRadius,
      boxShadow: Object.fromEntries(Object.keys(tokens.boxShadow).map((name) => [name, `var(--ds-shadow-${name})`])),
    },
  },
  plugins: [themes],
} satisfies Config;
