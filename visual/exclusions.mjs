// Stories the visual test does not screenshot, each with the reason. Keep this list short and explained:
// a story listed here is still run (play function + a11y) by `npm run test:stories`, just not pixel-compared.
// Remove an entry as soon as its story finishes cleanly in a plain Storybook tab (`viewMode=story`).
/** @type {Record<string, string>} story id → why it cannot have a stable picture */
export const EXCLUDED = {};

/**
 * Stories screenshotted after blurring the focused element, each with the reason: their focus at the end of the
 * play function depends on timing, not on the code under test. The rest of the picture is still compared.
 * @type {Record<string, string>}
 */
export const BLUR_BEFORE_SCREENSHOT = {
  'app-auth-register--server-error':
    'the submit button keeps its focus ring only when the mocked 500 answers before the button has rendered ' +
    'disabled (busy); 2 of 8 runs differ in exactly that ring - fix in packages/app: end the play function in a ' +
    'settled focus state',
};
