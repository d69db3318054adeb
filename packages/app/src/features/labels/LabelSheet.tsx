import type { Product } from '@inventory/contract/rules';
import { pagesOf, type LabelLayout } from './labelLayouts';
import { ProductLabel } from './ProductLabel';

export interface LabelSheetProps {
  products: Array<Pick<Product, '_id' | 'name' | 'sku' | 'price' | 'barcode'>>;
  layout: LabelLayout;
}

/**
 * The printed pages: each page as large as the paper, its labels in the layout's grid from the top left. On screen
 * the pages are previews on the page's grey; in print each one is a sheet (see labelPrintStyle).
 */
export function LabelSheet({ products, layout }: LabelSheetProps) {
  const pages = pagesOf(products, layout);
  return (
    <div data-label-print className="overflow-x-auto">
      <div className="flex w-max flex-col gap-6">
        {pages.map((page, index) => (
          <section
            key={index}
            aria-label={`Page ${index + 1} of ${pages.length}`}
            data-label-page
            className="box-border grid content-start bg-white shadow-card"
            style={{
              width: `${layout.page.width}mm`,
              height: `${layout.page.height}mm`,
              gridTemplateColumns: `repeat(${layout.columns}, ${layout.label.width}mm)`,
              gridAutoRows: `${layout.label.height}mm`,
              // The sheet's labels sit centred top to bottom (A4 is 297 mm, 8 labels 296 mm).
              paddingTop: `${(layout.page.height - layout.rows * layout.label.height) / 2}mm`,
            }}
          >
            {page.map((product) => (
              <ProductLabel key={product._id} product={product} layout={layout} />
            ))}
          </section>
        ))}
      </div>
    </div>
  );
}
