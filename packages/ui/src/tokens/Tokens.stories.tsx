import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { Heading } from '../heading/Heading';
// The same object tailwind.config.ts builds the classes from: the page shows exactly what the classes use.
import { tokens } from './tokens';

type ColorGroup = Record<string, string>;

const darkColors = tokens.darkColors as Record<string, ColorGroup>;

function flattenColors(): Array<{
  name: string;
  shades: Array<{ key: string; className: string; value: string; dark: string }>;
}> {
  return Object.entries(tokens.colors as Record<string, ColorGroup>).map(([name, group]) => ({
    name,
    shades: Object.entries(group).map(([key, value]) => ({
      key,
      className: key === 'DEFAULT' ? name : `${name}-${key}`,
      value,
      dark: darkColors[name]?.[key] ?? value,
    })),
  }));
}

function Colors() {
  return (
    <section aria-labelledby="tokens-colors" className="flex flex-col gap-6">
      <Heading level={2} id="tokens-colors">
        Colours
      </Heading>
      <p className="m-0 max-w-prose text-sm text-ink-muted">
        Each class has a light and a dark value (left and right). The page follows the theme you pick in the toolbar;
        the app follows the system setting unless its header switch says otherwise.
      </p>
      {flattenColors().map((group) => (
        <div key={group.name}>
          <Heading level={3} className="mb-2 capitalize">
            {group.name}
          </Heading>
          <ul className="m-0 grid list-none grid-cols-[repeat(auto-fill,minmax(9rem,1fr))] gap-3 p-0">
            {group.shades.map((shade) => (
              <li key={shade.key} data-token={`color-${shade.className}`} className="overflow-hidden rounded-md border border-line bg-surface">
                <div aria-hidden="true" className="flex h-14">
                  <div className="flex-1" style={{ backgroundColor: shade.value }} />
                  <div className="flex-1" style={{ backgroundColor: shade.dark }} />
                </div>
                <div className="px-3 py-2 text-sm">
                  <code className="block font-mono text-ink">{shade.className}</code>
                  <span className="font-mono text-ink-muted">{shade.value}</span>
                  <span className="font-mono text-ink-muted"> · {shade.dark}</span>
                </div>
              </li>
            ))}
          </ul>
        </div>
      ))}
    </section>
  );
}

function TypeScale() {
  return (
    <section aria-labelledby="tokens-type" className="flex flex-col gap-3">
      <Heading level={2} id="tokens-type">
        Type scale
      </Heading>
      <p className="m-0 text-sm text-ink-muted">Font: {tokens.fontFamily.sans.join(', ')}</p>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {Object.entries(tokens.fontSize).map(([name, [size, { lineHeight }]]) => (
          <li key={name} data-token={`text-${name}`} className="flex items-baseline gap-4 border-b border-line pb-2">
            <code className="w-40 shrink-0 font-mono text-sm text-ink-muted">
              text-{name} · {size}/{lineHeight}
            </code>
            <span style={{ fontSize: size, lineHeight }} className="text-ink">
              Inventory Stats
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}

function Spacing() {
  return (
    <section aria-labelledby="tokens-spacing" className="flex flex-col gap-3">
      <Heading level={2} id="tokens-spacing">
        Spacing and sizes
      </Heading>
      <ul className="m-0 flex list-none flex-col gap-2 p-0">
        {Object.entries(tokens.spacing).map(([name, value]) => (
          <li key={name} data-token={`spacing-${name}`} className="flex items-center gap-4">
            <code className="w-56 shrink-0 font-mono text-sm text-ink-muted">
              {name} · {value}
            </code>
            <div aria-hidden="true" className="h-4 rounded-sm bg-brand-500" style={{ width: value }} />
          </li>
        ))}
      </ul>
      <Heading level={3}>Radii</Heading>
      <ul className="m-0 flex list-none flex-wrap gap-4 p-0">
        {Object.entries(tokens.borderRadius).map(([name, value]) => (
          <li key={name} className="flex flex-col items-center gap-1">
            <div aria-hidden="true" className="size-14 border-2 border-brand-600 bg-brand-50" style={{ borderRadius: value }} />
            <code className="font-mono text-xs text-ink-muted">
              {name === 'DEFAULT' ? 'rounded' : `rounded-${name}`} · {value}
            </code>
          </li>
        ))}
      </ul>
      <Heading level={3}>Shadows</Heading>
      <ul className="m-0 flex list-none flex-wrap gap-6 p-0">
        {Object.entries(tokens.boxShadow).map(([name, value]) => (
          <li key={name} className="flex flex-col items-center gap-2">
            <div aria-hidden="true" className="size-20 rounded-md bg-surface" style={{ boxShadow: `var(--ds-shadow-${name})` }} title={value} />
            <code className="font-mono text-xs text-ink-muted">shadow-{name}</code>
          </li>
        ))}
      </ul>
    </section>
  );
}

function TokensPage() {
  return (
    <div className="flex flex-col gap-10 bg-surface p-8">
      <Heading level={1}>Design tokens</Heading>
      <p className="m-0 max-w-prose text-ink-muted">
        Every colour, size and shadow of the design system, read from <code>tokens.ts</code>, the file <code>tailwind.config.ts</code> builds the classes from. Text colours are
        paired with backgrounds so body text meets WCAG AA (4.5:1) in both themes, and input borders and the focus ring
        3:1 (every story is checked by axe in light and dark).
      </p>
      <Colors />
      <TypeScale />
      <Spacing />
    </div>
  );
}

const meta = {
  title: 'Design system/Design tokens',
  component: TokensPage,
  parameters: { layout: 'fullscreen' },
  tags: ['!autodocs'],
} satisfies Meta<typeof TokensPage>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Tokens: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('heading', { level: 1, name: 'Design tokens' })).toBeVisible();
    const brand600 = canvasElement.querySelector('[data-token="color-brand-600"]') as HTMLElement;
    await expect(within(brand600).getByText('brand-600')).toBeVisible();
    await expect(within(brand600).getByText('#2552e0')).toBeVisible();
    await expect(within(brand600).getByText(`· ${tokens.darkColors.brand[600]}`)).toBeVisible();
    const colourCount = Object.values(tokens.colors).reduce((n, group) => n + Object.keys(group).length, 0);
    await expect(canvasElement.querySelectorAll('[data-token^="color-"]')).toHaveLength(colourCount);
    await expect(canvasElement.querySelectorAll('[data-token^="text-"]')).toHaveLength(Object.keys(tokens.fontSize).length);
    const sidebar = canvasElement.querySelector('[data-token="spacing-sidebar"] div');
    await expect(sidebar?.getBoundingClientRect().width).toBe(230);
    const collapsed = canvasElement.querySelector('[data-token="spacing-sidebar-collapsed"] div');
    await expect(collapsed?.getBoundingClientRect().width).toBe(60);
  },
};
