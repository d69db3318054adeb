/**
 * The two ways labels are printed: one label a page on a label printer (Brother DK-22205 tape, 62 × 29 mm), or an A4
 * sheet of 3 × 8 self-adhesive labels of 70 × 37 mm (the common office sheet). Sizes are in millimetres, as the
 * print CSS (`@page`) and the label stock speak.
 */
export type LabelLayoutId = 'sheet' | 'single';

export interface LabelLayout {
  id: LabelLayoutId;
  name: string;
  /** The printed page, width × height in mm. */
  page: { width: number; height: number };
  columns: number;
  rows: number;
  label: { width: number; height: number };
}

export const LABEL_LAYOUTS: Record<LabelLayoutId, LabelLayout> = {
  sheet: {
    id: 'sheet',
    name: 'A4 sheet: 3 × 8 labels of 70 × 37 mm',
    page: { width: 210, height: 297 },
    columns: 3,
    rows: 8,
    label: { width: 70, height: 37 },
  },
  single: {
    id: 'single',
    name: 'Label printer: one 62 × 29 mm label a page',
    page: { width: 62, height: 29 },
    columns: 1,
    rows: 1,
    label: { width: 62, height: 29 },
  },
};

/** The most labels one print view makes (10 A4 sheets): each is a product fetched by id. */
export const MAX_LABELS = 240;

/** The products of each printed page, in the order chosen. */
export function pagesOf<T>(items: T[], layout: LabelLayout): T[][] {
  const perPage = layout.columns * layout.rows;
  const pages: T[][] = [];
  for (let start = 0; start < items.length; start += perPage) pages.push(items.slice(start, start + perPage));
  return pages;
}

export interface LabelRequest {
  ids: string[];
  /** Instead of ids: the dashboard's query (its URL parameters), every product it names (0033). */
  matching: string | null;
  layout: LabelLayoutId;
  /** More ids were asked for than one print view makes; the first MAX_LABELS are kept. */
  cut: boolean;
}

/** `/labels?ids=a,b,c&layout=single`: the products (each once, in order) and the layout (the A4 sheet by default). */
export function parseLabelRequest(search: URLSearchParams): LabelRequest {
  const ids = [
    ...new Set(
      (search.get('ids') ?? '')
        .split(',')
        .map((id) => id.trim())
        .filter((id) => id !== ''),
    ),
  ];
  const layout = search.get('layout') === 'single' ? 'single' : 'sheet';
  const matching = search.get('matching');
  return { ids: ids.slice(0, MAX_LABELS), matching: matching === null ? null : matching, layout, cut: ids.length > MAX_LABELS };
}

/** The address of the print view of these products. */
export function labelsHref(ids: string[], layout?: LabelLayoutId): string {
  const params = new URLSearchParams({ ids: ids.join(',') });
  if (layout) params.set('layout', layout);
  return `/labels?${params.toString()}`;
}
