import type { Meta, StoryObj } from '@storybook/react-vite';
import { useState } from 'react';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { RichTextField, type RichTextFieldProps } from './RichTextField';

/** Types into the editor as a browser does (real beforeinput/input events), so draft-js sees real typing. */
async function typeInto(editor: HTMLElement, text: string) {
  if (document.activeElement !== editor) editor.focus();
  await new Promise((r) => setTimeout(r, 0));
  // Chrome announces typed text with a `textInput` event (React's onBeforeInput, which draft-js handles);
  // when draft-js lets the browser insert the text itself, do that insertion natively.
  const event = document.createEvent('TextEvent');
  event.initTextEvent('textInput', true, true, window, text);
  editor.dispatchEvent(event);
  if (!event.defaultPrevented) document.execCommand('insertText', false, text);
  await new Promise((r) => setTimeout(r, 0));
}

function Controlled(props: RichTextFieldProps) {
  const [value, setValue] = useState(props.value);
  return (
    <RichTextField
      {...props}
      value={value}
      onChange={(html) => {
        setValue(html);
        props.onChange(html);
      }}
    />
  );
}

const meta = {
  title: 'Forms/RichTextField',
  component: RichTextField,
  parameters: { layout: 'padded' },
  args: { label: 'Description', value: '', onChange: fn(), placeholder: 'Describe the product' },
  render: (args) => <Controlled {...args} />,
} satisfies Meta<typeof RichTextField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Typing: Story = {
  play: async ({ canvasElement, args }) => {
    const editor = within(canvasElement).getByRole('textbox', { name: 'Description' });
    await typeInto(editor, 'Hello');
    await typeInto(editor, ' world');
    await waitFor(() => expect(args.onChange).toHaveBeenLastCalledWith('<p>Hello world</p>'));
  },
};
