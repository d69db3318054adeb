import { documentNumber, SALES_MESSAGES } from '@inventory/contract';
import type { Kysely } from 'kysely';
import type { Database } from '../../../db';
import { HttpError } from '../../../http/errors';
import { escapeHtml } from '../../../mail/escape-html';
import { linesOf } from './line-rows';

/**
 * A shipment's packing slip: a self-contained HTML page to print (no PDF library is in the server's dependencies):
 * the store's details from its settings (legal name, else the store's name; address; tax id), the order's number,
 * its customer and shipping address, the day and carrier, and each line that left with its quantity. No prices: a
 * packing slip goes in the box.
 */
export async function packingSlipHtml(reader: Kysely<Database>, storeId: string, orderId: string, shipmentId: string): Promise<string> {
  const order = await reader.selectFrom('orders').selectAll().where('id', '=', orderId).where('store_id', '=', storeId).executeTakeFirst();
  const shipment = order
    ? await reader.selectFrom('shipments').selectAll().where('id', '=', shipmentId).where('order_id', '=', orderId).executeTakeFirst()
    : undefined;
  if (!order || !shipment) throw new HttpError(404, SALES_MESSAGES.shipmentNotFound);
  const [store, settings, customer, shipped, lines] = [
    await reader.selectFrom('stores').select('name').where('id', '=', storeId).executeTakeFirst(),
    await reader.selectFrom('store_settings').select(['legal_name', 'address', 'tax_id']).where('store_id', '=', storeId).executeTakeFirst(),
    order.customer_id ? await reader.selectFrom('customers').select(['name', 'company', 'shipping_address']).where('id', '=', order.customer_id).executeTakeFirst() : undefined,
    await reader.selectFrom('shipment_lines').selectAll().where('shipment_id', '=', shipmentId).execute(),
    await linesOf(reader, order),
  ];
  const quantityOf = new Map(shipped.map((line) => [line.line_id, Number(line.quantity)]));
  const text = (value: string) => escapeHtml(value).replace(/\n/g, '<br>');
  const storeName = settings?.legal_name || store?.name || '';
  const number = documentNumber('sales_order', Number(order.number));
  const rows = lines
    .filter((line) => quantityOf.has(line.id))
    .map((line) => `<tr><td>${lines.indexOf(line) + 1}</td><td>${text(line.description)}</td><td class="n">${quantityOf.get(line.id)}</td></tr>`)
    .join('');
  return `<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Packing slip ${escapeHtml(number)}</title>
<style>body{font:14px/1.4 system-ui,sans-serif;margin:2rem;color:#000}table{border-collapse:collapse;width:100%}th,td{border-bottom:1px solid #999;padding:.4rem;text-align:left}.n{text-align:right}header{display:flex;justify-content:space-between}@media print{body{margin:0}}</style>
</head><body>
<header><div><strong>${text(storeName)}</strong><br>${text(settings?.address ?? '')}${settings?.tax_id ? `<br>Tax id: ${text(settings.tax_id)}` : ''}</div>
<div><h1>Packing slip</h1>Order ${escapeHtml(number)}<br>Shipped ${escapeHtml(shipment.shipped_on)}${shipment.carrier ? `<br>Carrier: ${text(shipment.carrier)}` : ''}${shipment.tracking_number ? `<br>Tracking: ${text(shipment.tracking_number)}` : ''}</div></header>
${customer ? `<section><h2>Ship to</h2>${text(customer.name)}${customer.company ? `<br>${text(customer.company)}` : ''}${customer.shipping_address ? `<br>${text(customer.shipping_address)}` : ''}</section>` : ''}
<table><thead><tr><th>Line</th><th>Item</th><th class="n">Quantity</th></tr></thead><tbody>${rows}</tbody></table>
</body></html>`;
}
