import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fireEvent, fn, userEvent, waitFor, within } from 'storybook/test';
import { tokens } from '../tokens/tokens';
import { MAX_INDENT, UNDO_LIMIT } from './constants';
import { RichTextField, type RichTextFieldProps } from './RichTextField';

/* ---------------------------------------------------------------- helpers */

const tick = (ms = 0) => new Promise((resolve) => setTimeout(resolve, ms));

/**
 * Types into the editor as Chrome does: a `textInput` event (React's onBeforeInput, which draft-js handles) and,
 * when draft-js leaves the insertion to the browser, the browser's own insertion.
 */
async function typeInto(editor: HTMLElement, text: string) {
  if (document.activeElement !== editor) {
    editor.focus();
    await tick();
  }
  const event = document.createEvent('TextEvent');
  event.initTextEvent('textInput', true, true, window, text);
  editor.dispatchEvent(event);
  if (!event.defaultPrevented) document.execCommand('insertText', false, text);
  await tick();
}

/** Selects all the text of the editor (as a user dragging over it) and lets draft-js read the selection. */
async function selectAll(editor: HTMLElement) {
  editor.focus();
  const texts = editor.querySelectorAll('[data-text="true"]');
  const first = texts[0]?.firstChild;
  const last = texts[texts.length - 1]?.firstChild;
  if (!first || !last) throw new Error('no text to select');
  const range = document.createRange();
  range.setStart(first, 0);
  range.setEnd(last, last.textContent?.length ?? 0);
  const selection = window.getSelection();
  selection?.removeAllRanges();
  selection?.addRange(range);
  await tick(50);
}

/** A fake clock for the undo history: the story moves time on without waiting. */
function fakeClock() {
  let time = 1_000_000;
  return {
    now: () => time,
    advance: (ms: number) => {
      time += ms;
    },
  };
}

type OnChange = ReturnType<typeof fn<(html: string) => void>>;
const lastHtml = (onChange: unknown) => (onChange as OnChange).mock.lastCall?.[0];

const PNG_BASE64 =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** Holds the value like a form does, and can re-mount the field with the HTML it emitted. */
function Controlled(props: RichTextFieldProps) {
  const [value, setValue] = useState(props.value);
  const [mount, setMount] = useState(0);
  return (
    <div className="flex max-w-3xl flex-col gap-3">
      <RichTextField
        key={mount}
        {...props}
        value={value}
        onChange={(html) => {
          setValue(html);
          props.onChange(html);
        }}
      />
      <button type="button" className="self-start text-sm text-brand-700 underline" onClick={() => setMount(mount + 1)}>
        Re-mount with the emitted HTML
      </button>
    </div>
  );
}

const meta = {
  title: 'Design system/RichTextField',
  component: RichTextField,
  parameters: { layout: 'padded' },
  args: { label: 'Description', value: '', onChange: fn(), placeholder: 'Describe the product' },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof RichTextField>;

export default meta;
type Story = StoryObj<typeof meta>;

const getEditor = (canvasElement: HTMLElement) =>
  within(canvasElement).getByRole('textbox', { name: 'Description' });

/* ---------------------------------------------------------------- stories */

export const Empty: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    await expect(editor).toHaveAttribute('aria-multiline', 'true');
    await expect(editor).toHaveAttribute('contenteditable', 'true');
    await expect(canvas.getByText('Describe the product')).toBeVisible();
    await expect(canvas.getByRole('toolbar', { name: 'Description formatting' })).toBeVisible();
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'false');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

const WITH_VALUE =
  '<h2>Dell Latitude 5440</h2><ul><li>16 GB RAM</li><li class="ql-indent-1">DDR5</li></ul>' +
  '<p>See <a href="https://www.dell.com">dell.com</a> and <span style="color:#c62828">the red note</span>.</p>';

export const WithValue: Story = {
  args: { value: WITH_VALUE },
  play: async ({ canvasElement, args }) => {
    const editor = getEditor(canvasElement);
    await expect(editor.querySelector('h2')).toHaveTextContent('Dell Latitude 5440');
    await expect(editor.querySelectorAll('li')).toHaveLength(2);
    await expect(editor.querySelector('li.public-DraftStyleDefault-depth1')).toHaveTextContent('DDR5');
    await expect(editor.querySelector('a')).toHaveAttribute('href', 'https://www.dell.com');
    await expect(within(editor).getByText('the red note')).toHaveStyle({ color: 'rgb(198, 40, 40)' });
    await expect(within(canvasElement).queryByText('Describe the product')).toBeNull();
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};

/** `#rrggbb` as getComputedStyle writes it. */
const rgb = (hex: string) => `rgb(${[1, 3, 5].map((at) => Number.parseInt(hex.slice(at, at + 2), 16)).join(', ')})`;

/**
 * The first colour painted under an element: its own background or the nearest ancestor's (draft-js's container has
 * a fully transparent white one).
 */
function ground(element: HTMLElement | null): string {
  for (let at = element; at; at = at.parentElement) {
    const colour = getComputedStyle(at).backgroundColor;
    if (colour !== 'transparent' && !/^rgba\(.*,\s*0\)$/.test(colour)) return colour;
  }
  return '';
}

/**
 * Dark theme (issue 26): the editor and its text follow the design tokens (no white box); only a run the author
 * coloured keeps a small light ground, so their dark ink stays readable, and a highlight keeps its own colour with
 * the light theme's ink. Rendered in the dark theme, so its approved picture shows the writing area: Chromium painted
 * the editable white while every computed style said transparent (docs/decisions/0034-coloured-runs-are-spans.md),
 * which only a picture sees.
 */
export const DarkTheme: Story = {
  globals: { theme: 'dark' },
  args: {
    value: `${WITH_VALUE}<p>A <span style="background-color:${tokens.colors.warning.soft}">highlighted</span> word.</p>`,
  },
  play: async ({ canvasElement }) => {
    const editor = getEditor(canvasElement);
    const writingArea = editor.closest('.rich-text-content') as HTMLElement;
    await waitFor(() => expect(getComputedStyle(writingArea).color).toBe(rgb(tokens.darkColors.ink.DEFAULT)));
    await expect(ground(editor)).toBe(rgb(tokens.darkColors.surface.DEFAULT));
    await expect(ground(within(editor).getByText('the red note'))).toBe('rgb(255, 255, 255)');
    const highlighted = within(editor).getByText('highlighted');
    await expect(ground(highlighted)).toBe(rgb(tokens.colors.warning.soft));
    await expect(getComputedStyle(highlighted).color).toBe(rgb(tokens.colors.ink.DEFAULT));
  },
};

export const Bold: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    await typeInto(editor, 'Hello world');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>Hello world</p>'));
    await selectAll(editor);
    await userEvent.click(canvas.getByRole('button', { name: 'Bold' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p><strong>Hello world</strong></p>'));
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');
    await expect(editor).toHaveFocus();
  },
};

export const ShortcutBold: Story = {
  play: async ({ canvasElement, args }) => {
    const editor = getEditor(canvasElement);
    await typeInto(editor, 'Fast SSD');
    await selectAll(editor);
    await userEvent.keyboard('{Control>}b{/Control}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p><strong>Fast SSD</strong></p>'));
    await userEvent.keyboard('{Control>}i{/Control}');
    await userEvent.keyboard('{Control>}u{/Control}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p><strong><em><u>Fast SSD</u></em></strong></p>'));
    await userEvent.keyboard('{Control>}b{/Control}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p><em><u>Fast SSD</u></em></p>'));
  },
};

export const Formatting: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    await typeInto(editor, 'Title');
    await selectAll(editor);
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Text style' }), 'Heading 1');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<h1>Title</h1>'));
    await userEvent.click(canvas.getByRole('button', { name: 'Align centre' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<h1 style="text-align:center">Title</h1>'));
    await expect(canvas.getByRole('button', { name: 'Align centre' })).toHaveAttribute('aria-pressed', 'true');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Font' }), 'Serif');
    await userEvent.selectOptions(canvas.getByRole('combobox', { name: 'Size' }), 'Large');
    await userEvent.click(canvas.getByRole('button', { name: 'Strikethrough' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Text colour' }));
    await userEvent.click(within(canvas.getByRole('group', { name: 'Text colour' })).getByRole('button', { name: 'Red' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Background colour' }));
    await userEvent.click(
      within(canvas.getByRole('group', { name: 'Background colour' })).getByRole('button', { name: 'Amber' }),
    );
    await waitFor(() =>
      expect(lastHtml(args.onChange)).toBe(
        '<h1 style="text-align:center"><span style="font-family:serif"><span style="font-size:1.5em">' +
          '<span style="color:#c62828"><span style="background-color:#fff4d6"><s>Title</s></span></span></span></span></h1>',
      ),
    );
    await userEvent.click(canvas.getByRole('button', { name: 'Quote' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toMatch(/^<blockquote style="text-align:center">/));
    await userEvent.click(canvas.getByRole('button', { name: 'Clear formatting' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>Title</p>'));
  },
};

export const ListsAndIndent: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    const indent = canvas.getByRole('button', { name: 'Increase indent' });
    const outdent = canvas.getByRole('button', { name: 'Decrease indent' });
    await typeInto(editor, 'Item');
    await userEvent.click(canvas.getByRole('button', { name: 'Bulleted list' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<ul><li>Item</li></ul>'));
    await expect(canvas.getByRole('button', { name: 'Bulleted list' })).toHaveAttribute('aria-pressed', 'true');
    await expect(outdent).toBeDisabled();
    await userEvent.click(indent);
    await userEvent.click(indent);
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<ul><li class="ql-indent-2">Item</li></ul>'));
    await userEvent.click(outdent);
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<ul><li class="ql-indent-1">Item</li></ul>'));
    // Indent as far as it goes: never past level 8.
    for (let i = 0; i < 12 && !(indent as HTMLButtonElement).disabled; i++) await userEvent.click(indent);
    await waitFor(() => expect(lastHtml(args.onChange)).toBe(`<ul><li class="ql-indent-${MAX_INDENT}">Item</li></ul>`));
    await expect(indent).toBeDisabled();
    // Numbered list keeps the level; paragraphs indent too.
    await userEvent.click(canvas.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<ol><li class="ql-indent-8">Item</li></ol>'));
    await userEvent.click(canvas.getByRole('button', { name: 'Numbered list' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p class="ql-indent-8">Item</p>'));
    for (let i = 0; i < 12 && !(outdent as HTMLButtonElement).disabled; i++) await userEvent.click(outdent);
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>Item</p>'));
  },
};

export const Link: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    await typeInto(editor, 'Dell');
    await selectAll(editor);
    await userEvent.click(canvas.getByRole('button', { name: 'Link' }));
    const address = canvas.getByLabelText('Link address');
    await expect(address).toHaveFocus();
    await userEvent.type(address, 'https://www.dell.com/en-us');
    await userEvent.click(canvas.getByRole('button', { name: 'Apply link' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p><a href="https://www.dell.com/en-us">Dell</a></p>'));
    await expect(canvas.getByRole('button', { name: 'Link' })).toHaveAttribute('aria-pressed', 'true');

    // A javascript: address is blanked: the text stays, the href is empty.
    await selectAll(editor);
    await userEvent.click(canvas.getByRole('button', { name: 'Link' }));
    await userEvent.clear(canvas.getByLabelText('Link address'));
    await userEvent.type(canvas.getByLabelText('Link address'), 'javascript:alert(1){Enter}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p><a href="">Dell</a></p>'));
    await expect(canvas.getByRole('status')).toHaveTextContent('Only http, https, mailto and tel addresses are kept');

    // mailto: and tel: are kept; Remove link takes the link off.
    await selectAll(editor);
    await userEvent.click(canvas.getByRole('button', { name: 'Link' }));
    await userEvent.clear(canvas.getByLabelText('Link address'));
    await userEvent.type(canvas.getByLabelText('Link address'), 'mailto:sales@example.com{Enter}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p><a href="mailto:sales@example.com">Dell</a></p>'));
    await selectAll(editor);
    await userEvent.click(canvas.getByRole('button', { name: 'Remove link' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>Dell</p>'));
  },
};

export const Image: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    await typeInto(editor, 'Photo:');
    const input = canvas.getByLabelText('Insert image');
    const png = new File([Uint8Array.from(atob(PNG_BASE64), (c) => c.charCodeAt(0))], 'dot.png', { type: 'image/png' });
    await userEvent.upload(input, png);
    await waitFor(() =>
      expect(lastHtml(args.onChange)).toBe(
        `<p>Photo:</p><figure><img src="data:image/png;base64,${PNG_BASE64}" alt=""/></figure><p></p>`,
      ),
    );
    await expect(editor.querySelector('img')).toHaveAttribute('src', `data:image/png;base64,${PNG_BASE64}`);

    // Any other type is refused with a message, and nothing changes.
    const calls = (args.onChange as OnChange).mock.calls.length;
    const text = new File(['not an image'], 'notes.txt', { type: 'text/plain' });
    await fireEvent.change(input, { target: { files: [text] } });
    await expect(await canvas.findByText('Only JPEG, PNG, GIF or WebP images can be inserted.')).toBeVisible();
    await expect(editor).toHaveAccessibleDescription(expect.stringContaining('Only JPEG, PNG, GIF or WebP images'));
    await expect(args.onChange).toHaveBeenCalledTimes(calls);
  },
};

/** Pastes clipboard content into the editor as the browser does. */
async function paste(editor: HTMLElement, data: Record<string, string>) {
  const clipboardData = new DataTransfer();
  for (const [type, value] of Object.entries(data)) clipboardData.setData(type, value);
  editor.dispatchEvent(new ClipboardEvent('paste', { clipboardData, bubbles: true, cancelable: true }));
  await tick();
}

export const Paste: Story = {
  play: async ({ canvasElement, args }) => {
    const editor = getEditor(canvasElement);
    await typeInto(editor, 'Start ');
    // Pasted HTML follows the same rules as the value: unsafe links blanked, unknown formats dropped.
    await paste(editor, {
      'text/plain': 'Pasted bad bold',
      'text/html': '<p>Pasted <a href="javascript:alert(1)">bad</a> <b style="font-size:13px">bold</b></p>',
    });
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>Start Pasted <a href="">bad</a> <strong>bold</strong></p>'));
    await expect(editor.querySelector('a')).not.toHaveAttribute('href');
    await paste(editor, {
      'text/plain': 'x',
      'text/html': `<p>after</p><figure><img src="data:image/png;base64,${PNG_BASE64}"></figure><img src="https://example.com/x.png">`,
    });
    await waitFor(() =>
      expect(lastHtml(args.onChange)).toBe(
        '<p>Start Pasted <a href="">bad</a> <strong>bold</strong>after</p>' +
          `<figure><img src="data:image/png;base64,${PNG_BASE64}" alt=""/></figure>`,
      ),
    );
  },
};

const undoClock = fakeClock();
export const Undo: Story = {
  args: { now: undoClock.now },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    await typeInto(editor, 'First');
    undoClock.advance(2000);
    await typeInto(editor, ' second');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>First second</p>'));
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>First</p>'));
    await userEvent.keyboard('{Control>}{Shift>}z{/Shift}{/Control}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>First second</p>'));
    await userEvent.keyboard('{Control>}z{/Control}');
    await userEvent.keyboard('{Control>}y{/Control}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>First second</p>'));
    // The toolbar's buttons do the same.
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Undo' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe(''));
    await expect(canvas.getByRole('button', { name: 'Undo' })).toBeDisabled();
    await userEvent.click(canvas.getByRole('button', { name: 'Redo' }));
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>First</p>'));
  },
};

const limitClock = fakeClock();
export const UndoLimit: Story = {
  args: { now: limitClock.now },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    // 101 separate edits, each more than 1000 ms after the one before.
    await typeInto(editor, 'A');
    for (let i = 0; i < UNDO_LIMIT; i++) {
      limitClock.advance(1500);
      await typeInto(editor, 'b');
    }
    await waitFor(() => expect(lastHtml(args.onChange)).toBe(`<p>A${'b'.repeat(UNDO_LIMIT)}</p>`));
    const undoButton = canvas.getByRole('button', { name: 'Undo' });
    editor.focus();
    for (let i = 0; i < UNDO_LIMIT + 1; i++) await userEvent.keyboard('{Control>}z{/Control}');
    // At most 100 steps were kept: the first edit stays.
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>A</p>'));
    await expect(undoButton).toBeDisabled();
  },
};

const mergeClock = fakeClock();
export const UndoMerge: Story = {
  args: { now: mergeClock.now },
  play: async ({ canvasElement, args }) => {
    const editor = getEditor(canvasElement);
    await typeInto(editor, 'Intel');
    mergeClock.advance(2000);
    // Three edits within 1000 ms: one undo step.
    await typeInto(editor, ' Core');
    mergeClock.advance(400);
    await typeInto(editor, ' i7');
    mergeClock.advance(400);
    await typeInto(editor, '-1365U');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>Intel Core i7-1365U</p>'));
    await userEvent.keyboard('{Control>}z{/Control}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe('<p>Intel</p>'));
  },
};

const ROUND_TRIP =
  '<h1 style="text-align:center">HP <em>EliteBook</em> 840</h1>' +
  '<p class="ql-indent-1"><span style="font-family:monospace">SKU</span> <span style="font-size:0.75em">small</span> ' +
  '<span style="color:#157a3c"><span style="background-color:#e3f5ea">in stock</span></span></p>' +
  '<blockquote>Quiet <u>and</u> <s>cheap</s> fast</blockquote>' +
  '<ol><li>one</li><li class="ql-indent-2">two</li></ol><ul><li style="text-align:right">bullet</li></ul>' +
  '<p><a href="tel:+15551234">Call</a> or <a href="">nowhere</a><br/>next line</p>' +
  `<figure><img src="data:image/png;base64,${PNG_BASE64}" alt=""/></figure><p>end</p>`;

export const RoundTrip: Story = {
  args: { value: ROUND_TRIP },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    // An edit that ends where it began makes the field emit its HTML: the same as it was given.
    await typeInto(getEditor(canvasElement), 'X');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe(ROUND_TRIP.replace('HP', 'XHP')));
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe(ROUND_TRIP));
    // Mounted again with what it emitted, it emits the same HTML.
    await userEvent.click(canvas.getByRole('button', { name: 'Re-mount with the emitted HTML' }));
    await typeInto(getEditor(canvasElement), 'Y');
    await userEvent.keyboard('{Backspace}');
    await waitFor(() => expect(lastHtml(args.onChange)).toBe(ROUND_TRIP));
    await expect(args.onChange).toHaveBeenCalledTimes(4);
  },
};

export const Keyboard: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    // The toolbar is one Tab stop; arrows, Home and End move inside it.
    await userEvent.tab();
    await expect(canvas.getByRole('combobox', { name: 'Text style' })).toHaveFocus();
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('combobox', { name: 'Font' })).toHaveFocus();
    await userEvent.keyboard('{End}');
    await expect(canvas.getByRole('button', { name: 'Clear formatting' })).toHaveFocus();
    await userEvent.keyboard('{Home}');
    await expect(canvas.getByRole('combobox', { name: 'Text style' })).toHaveFocus();
    await userEvent.tab();
    await expect(editor).toHaveFocus();
    await typeInto(editor, 'Keyboard only');
    await userEvent.tab({ shift: true });
    await expect(canvas.getByRole('combobox', { name: 'Text style' })).toHaveFocus();

    // Buttons work from the keyboard, on the editor's last selection.
    for (let i = 0; i < 3; i++) await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveFocus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByRole('button', { name: 'Bold' })).toHaveAttribute('aria-pressed', 'true');

    // The colour swatches open with Enter and close with Escape, focus back on their button.
    const colour = canvas.getByRole('button', { name: 'Text colour' });
    colour.focus();
    await userEvent.keyboard('{Enter}');
    await expect(colour).toHaveAttribute('aria-expanded', 'true');
    await userEvent.tab();
    await expect(within(canvas.getByRole('group', { name: 'Text colour' })).getByRole('button', { name: 'None' })).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await expect(canvas.queryByRole('group', { name: 'Text colour' })).toBeNull();
    await expect(colour).toHaveFocus();

    // The link form closes with Escape and gives the focus back to the editor.
    canvas.getByRole('button', { name: 'Link' }).focus();
    await userEvent.keyboard('{Enter}');
    await expect(canvas.getByLabelText('Link address')).toHaveFocus();
    await userEvent.keyboard('{Escape}');
    await waitFor(() => expect(editor).toHaveFocus());
    await expect(canvas.queryByLabelText('Link address')).toBeNull();
    await expect(args.onChange).toHaveBeenCalled();

    // Left open so the a11y check covers the swatches and the link form.
    await userEvent.click(canvas.getByRole('button', { name: 'Background colour' }));
    await userEvent.click(canvas.getByRole('button', { name: 'Link' }));
    await expect(canvas.getByRole('group', { name: 'Background colour' })).toBeVisible();
  },
};

export const ErrorState: Story = {
  name: 'Error',
  args: { error: 'Please enter a description', hint: 'Shown on the product page.' },
  play: async ({ canvasElement }) => {
    const editor = getEditor(canvasElement);
    await expect(editor).toHaveAttribute('aria-invalid', 'true');
    await expect(editor).toHaveAccessibleDescription(expect.stringContaining('Please enter a description'));
    await expect(editor).toHaveAccessibleDescription(expect.stringContaining('Shown on the product page.'));
    await expect(within(canvasElement).getByText('Please enter a description')).toHaveClass('text-danger');
  },
};

export const Disabled: Story = {
  args: { disabled: true, value: '<p>Read only text</p>' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const editor = getEditor(canvasElement);
    await expect(editor).toHaveAttribute('aria-disabled', 'true');
    await expect(editor).toHaveAttribute('contenteditable', 'false');
    await expect(canvas.getByRole('button', { name: 'Bold' })).toBeDisabled();
    await expect(canvas.getByRole('combobox', { name: 'Text style' })).toBeDisabled();
    await expect(canvas.getByLabelText('Insert image')).toBeDisabled();
    await userEvent.keyboard('{Control>}b{/Control}');
    await expect(args.onChange).not.toHaveBeenCalled();
  },
};
