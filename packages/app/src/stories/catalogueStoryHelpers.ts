import { http, type RequestHandler } from 'msw';
import { expect, waitFor, within } from 'storybook/test';
import { SLOW } from './play';

/**
 * Play-function helpers of the products and orders stories (not a story file).
 */

/** The value shown in a SummaryBox, found by its title (a dt/dd pair). */
export function summaryValue(canvasElement: HTMLElement, title: string): string {
  const term = within(canvasElement).getByText(title, { selector: 'dt' });
  return term.nextElementSibling?.textContent ?? '';
}

/** The data rows of the table named `name` (its caption), header row left out. */
export async function tableRows(canvasElement: HTMLElement, name: string): Promise<HTMLElement[]> {
  const table = await within(canvasElement).findByRole('table', { name }, SLOW);
  return within(table).getAllByRole('row').slice(1);
}

/** The cells' text of a row, without the Action column's hidden labels. */
export function rowCells(row: HTMLElement): string[] {
  return within(row)
    .getAllByRole('cell')
    .slice(0, -1)
    .map((cell) => cell.textContent ?? '');
}

/** Waits until the table named `name` shows data rows (not the loading row). */
export async function waitForRows(canvasElement: HTMLElement, name: string): Promise<HTMLElement[]> {
  let rows: HTMLElement[] = [];
  await waitFor(async () => {
    rows = await tableRows(canvasElement, name);
    await expect(rows.length).toBeGreaterThan(0);
    await expect(within(rows[0]!).queryAllByRole('cell').length).toBeGreaterThan(1);
  }, SLOW);
  return rows;
}

/**
 * Records the requests of one method and path, then lets them through to the mock API unchanged (a resolver that
 * returns nothing falls through to the next handler). Put it in front: `withOverrides(recorder.handler, ...)`.
 */
export function requestRecorder(method: 'get' | 'post' | 'patch' | 'delete', path: string) {
  const seen: Request[] = [];
  const handler: RequestHandler = http[method](`*${path}`, ({ request }) => {
    seen.push(request);
  });
  return { handler, seen, reset: () => void seen.splice(0) };
}

/** The dialog asking before a delete. */
export async function confirmDialog(): Promise<HTMLElement> {
  // Radix portals the dialog to document.body, outside the canvas.
  return within(document.body).findByRole('alertdialog', {}, SLOW);
}
