import { describe, expect, it } from 'vitest';
import { LABEL_LAYOUTS, MAX_LABELS, labelsHref, pagesOf, parseLabelRequest } from './labelLayouts';

describe('label layouts', () => {
  it('the A4 sheet holds 24 labels a page and its labels fill the page width', () => {
    const { sheet } = LABEL_LAYOUTS;
    const pages = pagesOf(
      Array.from({ length: 50 }, (_, i) => i),
      sheet,
    );
    expect(pages.map((page) => page.length)).toEqual([24, 24, 2]);
    expect(pages[1]![0]).toBe(24);
    expect(sheet.columns * sheet.label.width).toBe(sheet.page.width);
    expect(sheet.rows * sheet.label.height).toBeLessThanOrEqual(sheet.page.height);
  });

  it('the label printer prints one label a page', () => {
    expect(pagesOf(['a', 'b'], LABEL_LAYOUTS.single)).toEqual([['a'], ['b']]);
    expect(pagesOf([], LABEL_LAYOUTS.single)).toEqual([]);
  });

  it('reads the ids (each once, in order) and the layout from the address, and makes the address back', () => {
    expect(parseLabelRequest(new URLSearchParams('ids=b, a,,b&layout=single'))).toEqual({
      ids: ['b', 'a'],
      matching: null,
      layout: 'single',
      cut: false,
    });
    expect(parseLabelRequest(new URLSearchParams('layout=poster'))).toEqual({ ids: [], matching: null, layout: 'sheet', cut: false });
    // Every product of the dashboard's query (0033): its parameters, as one.
    expect(parseLabelRequest(new URLSearchParams('matching=q%3Ddock%26archived%3Donly')).matching).toBe('q=dock&archived=only');
    const href = labelsHref(['x1', 'y2'], 'single');
    expect(href).toBe('/labels?ids=x1%2Cy2&layout=single');
    expect(parseLabelRequest(new URLSearchParams(href.split('?')[1])).ids).toEqual(['x1', 'y2']);
  });

  it(`keeps the first ${MAX_LABELS} labels of a longer request and says so`, () => {
    const ids = Array.from({ length: MAX_LABELS + 3 }, (_, i) => `p${i}`).join(',');
    const request = parseLabelRequest(new URLSearchParams({ ids }));
    expect(request.ids).toHaveLength(MAX_LABELS);
    expect(request.ids.at(-1)).toBe(`p${MAX_LABELS - 1}`);
    expect(request.cut).toBe(true);
  });
});
