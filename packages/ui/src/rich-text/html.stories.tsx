import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { contentToHtml, htmlToContent } from './html';
import { SANITIZE_CASES, STABLE_CASES } from './html.cases';

/** Reads HTML into the editor's content and writes it back, as the field does. */
function roundTrip(html: string): string {
  return contentToHtml(htmlToContent(html));
}

function CaseTable({ rows }: { rows: Array<{ name: string; input: string; output: string }> }) {
  return (
    <table className="w-full border-collapse text-left text-sm">
      <thead>
        <tr>
          <th scope="col" className="border-b border-line p-2">
            Case
          </th>
          <th scope="col" className="border-b border-line p-2">
            HTML in
          </th>
          <th scope="col" className="border-b border-line p-2">
            HTML out
          </th>
        </tr>
      </thead>
      <tbody>
        {rows.map((row) => (
          <tr key={row.name} data-testid="case">
            <th scope="row" className="border-b border-line p-2 align-top font-medium">
              {row.name}
            </th>
            <td className="border-b border-line p-2 align-top">
              <code className="font-mono text-xs break-all">{row.input}</code>
            </td>
            <td className="border-b border-line p-2 align-top">
              <code className="font-mono text-xs break-all">{row.output}</code>
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );
}

const meta = {
  title: 'Forms/RichTextField/HTML format',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every format the field writes; reading then writing gives the same HTML (twice over). */
export const StableFormats: Story = {
  render: () => (
    <CaseTable rows={STABLE_CASES.map((c) => ({ name: c.name, input: c.html, output: roundTrip(c.html) }))} />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByTestId('case')).toHaveLength(STABLE_CASES.length);
    const failures = STABLE_CASES.flatMap(({ name, html }) => {
      const once = roundTrip(html);
      const twice = roundTrip(once);
      return once === html && twice === html ? [] : [{ name, expected: html, once, twice }];
    });
    await expect(failures).toEqual([]);
  },
};

/** HTML from elsewhere: unsafe links are blanked, foreign images dropped, unknown formats reduced to text. */
export const SanitizedInput: Story = {
  render: () => (
    <CaseTable rows={SANITIZE_CASES.map((c) => ({ name: c.name, input: c.input, output: roundTrip(c.input) }))} />
  ),
  play: async () => {
    // What the field writes is itself stable: the second pass changes nothing.
    const failures = SANITIZE_CASES.flatMap(({ name, input, output }) => {
      const once = roundTrip(input);
      const twice = roundTrip(once);
      return once === output && twice === output ? [] : [{ name, expected: output, once, twice }];
    });
    await expect(failures).toEqual([]);
  },
};
