import type { Preview, StoryContext } from '@storybook/react-vite';
import { afterEach as a11yCheck } from '@storybook/addon-a11y/preview';
import { handlers, resetMocks } from '@inventory/mocks';
import { mswLoader } from 'msw-storybook-addon/csf3';
import '../packages/ui/src/styles.css';
import { FULL_NAMES_KEY_PREFIX, PAGE_SIZE_KEY_PREFIX } from '../packages/app/src/catalogue/listPreferences';
import { THEME_STORAGE_KEY } from '../packages/app/src/theme/themePreference';

/**
 * msw-storybook-addon 3 starts the worker lazily in its loader; requests without a handler go to the network
 * unchanged ('bypass'), so stories that fetch nothing pay nothing.
 */
const startWorker = async () => {
  const { setupWorker } = await import('msw/browser');
  const worker = setupWorker();
  await worker.start({ quiet: true, onUnhandledRequest: 'bypass' });
  return worker;
};

type ThemeGlobal = 'system' | 'light' | 'dark';

/** 'system' leaves <html> without data-theme, so the page follows prefers-color-scheme as the app does by default. */
function setTheme(theme: ThemeGlobal) {
  if (theme === 'system') delete document.documentElement.dataset.theme;
  else document.documentElement.dataset.theme = theme;
}

const waitForPaint = () => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)));

/**
 * The axe rules whose outcome a theme can change: the themes differ only in colours (custom properties under
 * `data-theme`), so every other rule sees the same page in both and has already passed in the first check.
 */
const COLOUR_RULES = ['color-contrast', 'link-in-text-block'];

type A11yParameters = { disable?: boolean; test?: string; options?: Record<string, unknown> } | undefined;

/** The addon skips its check for these (a11y.manual: checks run by hand from the panel), so the colour check does too. */
function a11ySkipped(context: StoryContext) {
  const a11y = context.parameters.a11y as A11yParameters;
  return !!(
    (context.globals.a11y as { manual?: boolean } | undefined)?.manual ||
    a11y?.disable ||
    a11y?.test === 'off'
  );
}

/**
 * The addon's own check (so `parameters.a11y` — disable, test: 'off'/'todo', rules, context — means the same as in
 * the first check) for the colour rules only, on the page as it is drawn now. Colour transitions are switched off
 * meanwhile, so axe measures the colours the page ends on, not a mid-fade.
 */
async function checkColours(context: StoryContext) {
  const a11y = context.parameters.a11y as A11yParameters;
  const noTransitions = document.createElement('style');
  noTransitions.textContent = '*, *::before, *::after { transition: none !important; }';
  document.head.append(noTransitions);
  try {
    await waitForPaint();
    const options = { ...a11y?.options, runOnly: { type: 'rule', values: COLOUR_RULES } };
    await a11yCheck({ ...context, parameters: { ...context.parameters, a11y: { ...a11y, options } } });
  } finally {
    noTransitions.remove();
  }
}

/**
 * Set by the stories layer (visual/stories.spec.ts) before the preview loads: it pictures every screen story (an
 * `app-` story) a second time in the dark theme at a phone's width, and runs the dark check there itself, through
 * `__checkColoursNow`, instead of flipping the theme here for it (docs/decisions/0053-suite-time-dark-check-at-phone.md).
 */
type Report = { type: string; status: string; result?: unknown };
interface VisualHarness {
  __visualChecksScreensInDark?: boolean;
  __checkColoursNow?: () => Promise<Report[]>;
}
const harness = globalThis as VisualHarness;

/**
 * Every story's a11y check runs a second time in the dark theme, for the rules that depend on colours only
 * (docs/decisions/0040-suite-time.md): here by switching the theme, or, for a screen in the stories layer, by that
 * layer at the dark phone picture.
 */
async function checkA11yInDark(context: StoryContext) {
  if (context.globals.theme === 'dark') return; // the addon's own check already ran in dark
  if (a11ySkipped(context)) return; // the theme is not flipped for nothing
  if (harness.__visualChecksScreensInDark && context.id.startsWith('app-')) {
    harness.__checkColoursNow = async () => {
      const reports: Report[] = [];
      await checkColours({
        ...context,
        reporting: { ...context.reporting, addReport: (report) => reports.push(report) },
      });
      return reports;
    };
    return;
  }
  const root = document.documentElement;
  const previous = root.dataset.theme;
  root.dataset.theme = 'dark';
  try {
    await checkColours(context);
  } catch (error) {
    if (error instanceof Error) error.message = `Accessibility in the dark theme: ${error.message}`;
    throw error;
  } finally {
    if (previous === undefined) delete root.dataset.theme;
    else root.dataset.theme = previous;
  }
}

const preview: Preview = {
  tags: ['autodocs'],
  loaders: [mswLoader(startWorker)],
  globalTypes: {
    theme: {
      description: 'Colour theme (System follows the operating system, as the app does by default)',
      toolbar: {
        title: 'Theme',
        icon: 'mirror',
        items: [
          { value: 'system', title: 'System', icon: 'browser' },
          { value: 'light', title: 'Light', icon: 'sun' },
          { value: 'dark', title: 'Dark', icon: 'moon' },
        ],
        dynamicTitle: true,
      },
    },
  },
  initialGlobals: { theme: 'system' },
  // Every story starts from the state a freshly loaded page has, whatever ran before it in the same page (the stories
  // layer switches stories in one tab; the Vitest addon runs a file's stories in one page): the mocks' in-memory API
  // back to its default (the demo user, signed out; a story's own state hook then applies its state), no theme
  // chosen in the app's switch and no rows per page remembered.
  beforeEach: () => {
    localStorage.removeItem(THEME_STORAGE_KEY);
    for (const key of Object.keys(localStorage)) {
      if (key.startsWith(PAGE_SIZE_KEY_PREFIX) || key.startsWith(FULL_NAMES_KEY_PREFIX)) localStorage.removeItem(key);
    }
    return resetMocks();
  },
  decorators: [
    (Story, { globals }) => {
      setTheme((globals.theme as ThemeGlobal | undefined) ?? 'system');
      return <Story />;
    },
  ],
  afterEach: [checkA11yInDark],
  parameters: {
    layout: 'fullscreen',
    // The in-memory API (mocks/) answers every story's requests; a story overrides with its own `parameters.msw.handlers`.
    msw: { handlers },
    // a11y violations fail the story's test (vitest addon), not only show in the panel — in both themes.
    a11y: { test: 'error' },
    controls: { matchers: { color: /(background|color)$/i, date: /Date$/i } },
    options: {
      storySort: { order: ['Design system', ['Design tokens'], 'App'] },
    },
  },
};

export default preview;
