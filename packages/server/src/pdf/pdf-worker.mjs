// A PDF worker thread (pool.ts): draws one document's layout (layout.ts) per message with pdfkit and answers its
// bytes. Plain JavaScript so that the same file runs under the tests (sources) and in the built server (copied to
// dist by build.mjs). Every text arrives formatted; nothing here decides a figure.
import { parentPort } from 'node:worker_threads';
import PDFDocument from 'pdfkit';

const LEFT = 50;
const WIDTH = 495;
const GREY = '#555555';

function render(layout) {
  return new Promise((resolve, reject) => {
    // A fixed creation date: the same invoice gives the same bytes whenever it is printed or mailed.
    const doc = new PDFDocument({ size: 'A4', margin: LEFT, info: { Title: layout.title, CreationDate: new Date(0) } });
    const chunks = [];
    doc.on('data', (chunk) => chunks.push(chunk));
    doc.on('end', () => resolve(Buffer.concat(chunks)));
    doc.on('error', reject);

    let top = 50;
    if (layout.logo) {
      try {
        doc.image(Buffer.from(layout.logo), LEFT, top, { fit: [140, 60] });
      } catch {
        // A logo pdfkit cannot read is left out rather than failing the invoice.
      }
    }
    doc.font('Helvetica').fontSize(9).fillColor(GREY);
    doc.text(layout.seller.join('\n'), LEFT + 250, top, { width: WIDTH - 250, align: 'right' });
    top = Math.max(doc.y, top + 70) + 20;

    doc.font('Helvetica-Bold').fontSize(18).fillColor('black').text(layout.title, LEFT, top);
    top = doc.y + 10;
    doc.font('Helvetica').fontSize(10).text([layout.addresseeLabel, ...layout.addressee].join('\n'), LEFT, top, { width: 250 });
    const customerEnd = doc.y;
    let factTop = top;
    for (const [label, value] of layout.facts) {
      doc.text(`${label}: ${value}`, LEFT + 280, factTop, { width: WIDTH - 280, align: 'right' });
      factTop = doc.y;
    }
    top = Math.max(customerEnd, factTop) + 20;

    const widths = layout.widths;
    const row = (cells, bold) => {
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(9);
      let x = LEFT;
      let bottom = top;
      cells.forEach((cell, i) => {
        doc.text(cell, x, top, { width: widths[i] - 4, align: i === 0 ? 'left' : 'right' });
        bottom = Math.max(bottom, doc.y);
        x += widths[i];
      });
      top = bottom + 4;
      if (top > 740) {
        doc.addPage();
        top = 50;
      }
    };
    row(layout.columns, true);
    doc.moveTo(LEFT, top - 2).lineTo(LEFT + WIDTH, top - 2).strokeColor('#999999').stroke();
    for (const cells of layout.rows) row(cells, false);
    top += 10;

    for (const [label, value] of layout.totals) {
      const bold = layout.strong.includes(label);
      doc.font(bold ? 'Helvetica-Bold' : 'Helvetica').fontSize(10);
      doc.text(label, LEFT + 180, top, { width: 220, align: 'right' });
      doc.text(value, LEFT + 405, top, { width: 90, align: 'right' });
      top = doc.y + 2;
    }
    top += 16;
    doc.font('Helvetica').fontSize(9).fillColor('black');
    if (layout.notes) {
      doc.text(layout.notes, LEFT, top, { width: WIDTH });
      top = doc.y + 10;
    }
    if (layout.payTo) {
      doc.text(`Please pay to:\n${layout.payTo}`, LEFT, top, { width: WIDTH });
      top = doc.y + 10;
    }
    if (layout.footer) doc.fillColor(GREY).text(layout.footer, LEFT, top, { width: WIDTH, align: 'center' });
    doc.end();
  });
}

parentPort.on('message', async ({ id, layout }) => {
  try {
    // A copy of its own: a small Buffer may sit in Node's shared pool, which cannot be transferred.
    const pdf = new Uint8Array(await render(layout));
    parentPort.postMessage({ id, pdf }, [pdf.buffer]);
  } catch (error) {
    parentPort.postMessage({ id, error: error instanceof Error ? error.message : String(error) });
  }
});
