import { useState } from 'react';
import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, within } from 'storybook/test';
import { ThemeSwitch, type ThemeChoice, type ThemeSwitchProps } from './ThemeSwitch';

/** The switch is controlled; the stories keep the choice in state as the app does. */
function Stateful(props: ThemeSwitchProps) {
  const [value, setValue] = useState<ThemeChoice>(props.value);
  return (
    <ThemeSwitch
      {...props}
      value={value}
      onChange={(next) => {
        setValue(next);
        props.onChange(next);
      }}
    />
  );
}

const meta = {
  title: 'Design system/ThemeSwitch',
  component: ThemeSwitch,
  parameters: { layout: 'centered' },
  args: { value: 'system', onChange: fn(), systemTheme: 'light' },
  render: (args) => <Stateful {...args} />,
} satisfies Meta<typeof ThemeSwitch>;

export default meta;
type Story = StoryObj<typeof meta>;

export const System: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByRole('group', { name: 'Theme' })).toBeVisible();
    await expect(canvas.getByRole('radio', { name: 'System (light)' })).toBeChecked();
    await expect(canvas.getByRole('radio', { name: 'Light' })).not.toBeChecked();
    await expect(canvas.getAllByRole('radio')).toHaveLength(3);
  },
};

export const ChoosingDark: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.click(canvas.getByTitle('Dark'));
    await expect(args.onChange).toHaveBeenCalledWith('dark');
    await expect(canvas.getByRole('radio', { name: 'Dark' })).toBeChecked();
  },
};

export const WithTheKeyboard: Story = {
  args: { value: 'light' },
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    await userEvent.tab();
    const light = canvas.getByRole('radio', { name: 'Light' });
    await expect(light).toHaveFocus();
    // The focus ring is drawn on the option, around the hidden radio.
    await expect(getComputedStyle(light.closest('label') as HTMLElement).outlineStyle).not.toBe('none');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'Dark' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('dark');
    await userEvent.keyboard('{ArrowRight}');
    await expect(canvas.getByRole('radio', { name: 'System (light)' })).toBeChecked();
    await expect(args.onChange).toHaveBeenLastCalledWith('system');
  },
};
