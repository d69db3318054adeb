import type { Meta, StoryObj } from '@storybook/react-vite';
import { expect, within } from 'storybook/test';
import { ContentState, Modifier, SelectionState } from 'draft-js';
// The shared corpus of the rich-text format; the server's and the mocks' sanitizers run the same cases.
import { RICH_TEXT_CORPUS, STABLE_CASES } from '@inventory/contract/rich-text/corpus';
import { contentToHtml, htmlToContent } from './html';
import { SANITIZE_CASES } from './html.cases';

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
  title: 'Design system/RichTextField/HTML format',
  parameters: { layout: 'padded' },
} satisfies Meta;

export default meta;
type Story = StoryObj<typeof meta>;

/** Every format the field writes; reading then writing gives the same HTML (twice over). */
export const StableFormats: Story = {
  render: () => (
    <CaseTable rows={STABLE_CASES.map((c) => ({ name: c.name, input: c.input, output: roundTrip(c.input) }))} />
  ),
  play: async ({ canvasElement }) => {
    await expect(within(canvasElement).getAllByTestId('case')).toHaveLength(STABLE_CASES.length);
    const failures = STABLE_CASES.flatMap(({ name, input }) => {
      const once = roundTrip(input);
      const twice = roundTrip(once);
      return once === input && twice === input ? [] : [{ name, expected: input, once, twice }];
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

/** Each corpus case read then written: the expected output, which reads back to itself. */
function corpusFailures() {
  return RICH_TEXT_CORPUS.flatMap(({ name, input, output }) => {
    const once = roundTrip(input);
    const twice = roundTrip(once);
    return once === output && twice === output ? [] : [{ name, input, expected: output, once, twice }];
  });
}

/**
 * The shared corpus (the field's own formats, and hostile and foreign HTML): the editor's reader keeps exactly what
 * the server's and the mocks' sanitizers keep.
 */
export const SanitizerCorpus: Story = {
  render: () => {
    const agreeing = RICH_TEXT_CORPUS.length - corpusFailures().length;
    return (
      <p className="text-sm" data-testid="corpus-summary">
        {agreeing} of {RICH_TEXT_CORPUS.length} corpus cases come out as expected.
      </p>
    );
  },
  play: async ({ canvasElement }) => {
    await expect(corpusFailures()).toEqual([]);
    await expect(within(canvasElement).getByTestId('corpus-summary')).toHaveTextContent(
      `${RICH_TEXT_CORPUS.length} of ${RICH_TEXT_CORPUS.length} corpus cases come out as expected.`,
    );
  },
};

/** Content as typed in the editor (not read from HTML), styled over a range of its only block. */
function typed(text: string, style: string | null, start: number, end: number): ContentState {
  const content = ContentState.createFromText(text);
  if (!style) return content;
  const key = content.getFirstBlock().getKey();
  const range = SelectionState.createEmpty(key).merge({ anchorOffset: start, focusOffset: end });
  return Modifier.applyInlineStyle(content, range, style);
}

const TYPED_CASES: Array<{ name: string; content: () => ContentState }> = [
  { name: 'bold spaces', content: () => typed('a   b', 'BOLD', 1, 4) },
  { name: 'one bold space', content: () => typed('a b', 'BOLD', 1, 2) },
  { name: 'coloured spaces', content: () => typed('x  y', 'COLOR:#c62828', 1, 3) },
  { name: 'spaces only', content: () => typed('   ', null, 0, 0) },
  { name: 'double spaces', content: () => typed('a  b', null, 0, 0) },
  { name: 'leading and trailing spaces', content: () => typed('  a  ', null, 0, 0) },
  { name: 'blank lines', content: () => ContentState.createFromText('a\n\n  \nb') },
  { name: 'markup characters', content: () => typed('<b>&amp;</b> "x"', 'ITALIC', 0, 3) },
];

/** What the field writes for content typed in the editor reads back to the same HTML. */
export const StableEditorOutput: Story = {
  render: () => (
    <CaseTable
      rows={TYPED_CASES.map((c) => ({ name: c.name, input: '(typed)', output: contentToHtml(c.content()) }))}
    />
  ),
  play: async () => {
    const failures = TYPED_CASES.flatMap(({ name, content }) => {
      const written = contentToHtml(content());
      const again = roundTrip(written);
      return again === written ? [] : [{ name, written, again }];
    });
    await expect(failures).toEqual([]);
  },
};
