import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, fn, userEvent, waitFor, within } from 'storybook/test';
import { ImageField } from './ImageField';

/** A 2x2 PNG made in the browser, so the story needs no asset file. */
async function makePng(): Promise<File> {
  const canvas = document.createElement('canvas');
  canvas.width = 2;
  canvas.height = 2;
  const context = canvas.getContext('2d');
  if (context) {
    context.fillStyle = '#2552e0';
    context.fillRect(0, 0, 2, 2);
  }
  const blob = await new Promise<Blob>((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('toBlob failed'))), 'image/png'),
  );
  return new File([blob], 'laptop.png', { type: 'image/png' });
}

const meta = {
  title: 'Design system/Form fields/ImageField',
  component: ImageField,
  parameters: { layout: 'padded' },
  decorators: [
    (Story) => (
      <div className="max-w-md">
        <Story />
      </div>
    ),
  ],
  args: { label: 'Product image', name: 'image', hint: 'Supported formats: jpg, jpeg, png', onFileChange: fn() },
} satisfies Meta<typeof ImageField>;

export default meta;
type Story = StoryObj<typeof meta>;

export const Empty: Story = {
  play: async ({ canvasElement }) => {
    const canvas = within(canvasElement);
    await expect(canvas.getByText('No image set for this product.')).toBeVisible();
    const input = canvas.getByLabelText('Product image');
    await expect(input).toHaveAttribute('accept', 'image/jpeg,image/jpg,image/png');
    await expect(input).toHaveAccessibleDescription('Supported formats: jpg, jpeg, png');
  },
};

export const ChoosingAFileShowsItsPreview: Story = {
  play: async ({ canvasElement, args }) => {
    const canvas = within(canvasElement);
    const file = await makePng();
    await userEvent.upload(canvas.getByLabelText('Product image'), file);
    await expect(args.onFileChange).toHaveBeenCalledWith(file);
    await waitFor(() => expect(canvas.getByRole('img', { name: 'Preview of laptop.png' })).toBeVisible());
    await expect(canvas.queryByText('No image set for this product.')).toBeNull();
  },
};

export const SavedImage: Story = {
  args: {
    previewUrl:
      'data:image/svg+xml;utf8,' +
      encodeURIComponent('<svg xmlns="http://www.w3.org/2000/svg" width="120" height="80"><rect width="120" height="80" fill="#2552e0"/></svg>'),
  },
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getByRole('img', { name: 'Preview of the current image' })).toBeVisible();
  },
};

export const WithError: Story = {
  args: { error: 'Only jpg, jpeg and png images are allowed' },
  play: async ({ canvasElement }) => {
    const input = within(canvasElement).getByLabelText('Product image');
    await expect(input).toHaveAttribute('aria-invalid', 'true');
    await expect(input).toHaveAccessibleDescription(
      'Supported formats: jpg, jpeg, png Only jpg, jpeg and png images are allowed',
    );
  },
};
