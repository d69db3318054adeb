import tailwindcss from '@tailwindcss/vite';
import type { StorybookConfig } from '@storybook/react-vite';

/**
 * One Storybook for the design system (packages/ui) and the app's screens (packages/app).
 * The MSW service worker is served from mocks/public (generated with `npx msw init mocks/public`).
 */
const config: StorybookConfig = {
  framework: { name: '@storybook/react-vite', options: {} },
  stories: [
    '../packages/ui/src/**/*.mdx',
    '../packages/ui/src/**/*.stories.@(ts|tsx)',
    '../packages/app/src/**/*.stories.@(ts|tsx)',
  ],
  addons: ['@storybook/addon-docs', '@storybook/addon-a11y', '@storybook/addon-vitest'],
  staticDirs: ['../mocks/public'],
  core: { disableTelemetry: true },
  async viteFinal(viteConfig) {
    const { mergeConfig } = await import('vite');
    return mergeConfig(viteConfig, {
      plugins: [tailwindcss()],
      // draft-js (through fbjs) reads Node's `global` when it loads; browsers only have `globalThis`.
      define: { global: 'globalThis' },
      // Pre-bundled up front: a dependency discovered mid-run makes Vite reload the page under a running test.
      optimizeDeps: {
        include: [
          '@radix-ui/react-dialog',
          '@radix-ui/react-toast',
          'class-variance-authority',
          'clsx',
          'tailwind-merge',
          'lucide-react',
          'msw',
          'msw/browser',
          // ui's rich-text field and the app's screens
          'draft-js',
          'draft-convert',
          'dompurify',
          'react-router-dom',
          '@reduxjs/toolkit',
          'react-redux',
          'redux-saga',
          'redux-saga/effects',
          'axios',
        ],
      },
    });
  },
};

export default config;
