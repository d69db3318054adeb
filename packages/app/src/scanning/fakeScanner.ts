import type { Decorator } from '@storybook/react-vite';
import { createElement } from 'react';
import { CameraError, type CameraFailure, type Scanner } from './scanner';
import { ScannerProvider } from './ScannerContext';

export interface FakeCamera {
  /** Codes the camera "reads", one every `everyMs` (100 ms unless given) once it has started. */
  codes?: string[];
  everyMs?: number;
  /** The camera fails to start this way. */
  failure?: CameraFailure;
  /** The camera never finishes starting (the permission prompt left open). */
  neverStarts?: boolean;
}

/** A camera for stories: what it reads is given, and it counts how often it was started and stopped. */
export function fakeScanner({ codes = [], everyMs = 100, failure, neverStarts }: FakeCamera = {}) {
  const calls = { started: 0, stopped: 0 };
  const scanner: Scanner = {
    async start(_video, onCode) {
      calls.started += 1;
      if (neverStarts) await new Promise(() => undefined);
      if (failure) throw new CameraError(failure);
      const timers = codes.map((code, i) => setTimeout(() => onCode(code), everyMs * (i + 1)));
      return () => {
        calls.stopped += 1;
        timers.forEach(clearTimeout);
      };
    },
  };
  return { scanner, calls };
}

/** A story decorator that puts this scanner in place of the browser's camera. */
export const withScanner =
  (scanner: Scanner): Decorator =>
  (Story) =>
    createElement(ScannerProvider, { scanner, children: createElement(Story) });

/**
 * The same, with the scanner taken from the story's `parameters.scanner`: for screens rendered by withAppProviders
 * (which renders the app, not the story), put it after withAppProviders in the meta's decorators.
 */
export const withScannerParameter: Decorator = (Story, context) => {
  const scanner = (context.parameters as { scanner?: Scanner }).scanner;
  return scanner ? createElement(ScannerProvider, { scanner, children: createElement(Story) }) : createElement(Story);
};
