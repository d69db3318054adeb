import { MAX_QUANTITY } from './constants';
import { MESSAGES } from './messages';
import { lineLabel, SALES_MESSAGES } from './sales-messages';

/**
 * A request of quantities per line of a document, checked against what each line still allows: a shipment against
 * what is left to ship, a return against what shipped and was not returned, a receipt against what is outstanding
 * (docs/decisions/0039-order-lines-fulfilment-and-cost-rules.md). One rule for the three: a list of
 * `{lineId, quantity}` (whole numbers of 0 or more; a line named twice counts the sum; zeros are no part of it, but
 * something must be asked), and a 409 naming every line asked for more than it allows, with what it allows. The server
 * checks it again when the request is committed, with the lines as they are then (two requests of one line at once).
 */

/** A line of the document and what a request may ask of it. */
export interface LineAllowance {
  lineId: string;
  /** The line's name in messages (its product's name, or its text). */
  name: string;
  /** The most a request may ask of the line now. */
  allowed: number;
}

/** One line a request asked for more than it allows. */
export interface LineQuantityProblem {
  lineId: string;
  /** The line's number on the document, from 1. */
  line: number;
  requested: number;
  allowed: number;
}

export interface LineQuantityRefusal {
  /** 400: the request is malformed; 409: it asks more of some line than it allows now. */
  status: 400 | 409;
  message: string;
  problems: LineQuantityProblem[];
}

/** A line of a request, summed: the document's line, its number and the quantity asked (1 or more). */
export interface RequestedLine {
  lineId: string;
  line: number;
  quantity: number;
}

export type LineQuantityCheck = { refusal: LineQuantityRefusal } | { requested: RequestedLine[] };

export interface LineQuantityRules {
  /** At most this many entries in one request. */
  maxLines: number;
  /** The sentence naming one line asked too much of: its label ("Line 2 (USB-C dock)"), what was asked, what it allows. */
  exceeds: (label: string, requested: number, allowed: number) => string;
}

const badRequest = (message: string): { refusal: LineQuantityRefusal } => ({
  refusal: { status: 400, message, problems: [] },
});

/**
 * Checks a request's lines against `lines` (the document's lines in its order): the requested lines summed, in the
 * document's order, or the refusal. A request entry is an object with `lineId` and `quantity`; other keys are the
 * caller's to check (a return's reason, a receipt's unit cost).
 */
export function checkLineQuantities(
  lines: readonly LineAllowance[],
  request: unknown,
  rules: LineQuantityRules,
): LineQuantityCheck {
  if (!Array.isArray(request)) return badRequest(SALES_MESSAGES.requestLinesInvalid);
  if (request.length > rules.maxLines) return badRequest(SALES_MESSAGES.requestTooManyLines(rules.maxLines));
  const index = new Map(lines.map((line, i) => [line.lineId, i]));
  const sums = new Map<string, number>();
  for (const entry of request as unknown[]) {
    if (typeof entry !== 'object' || entry === null || typeof (entry as { lineId?: unknown }).lineId !== 'string') {
      return badRequest(SALES_MESSAGES.requestLinesInvalid);
    }
    const { lineId, quantity } = entry as { lineId: string; quantity?: unknown };
    if (!index.has(lineId)) return badRequest(SALES_MESSAGES.requestLineUnknown);
    if (typeof quantity !== 'number' || !Number.isSafeInteger(quantity) || quantity < 0)
      return badRequest(SALES_MESSAGES.requestQuantityInvalid);
    if (quantity > MAX_QUANTITY) return badRequest(MESSAGES.quantityTooHigh);
    sums.set(lineId, (sums.get(lineId) ?? 0) + quantity);
  }
  const requested = lines.flatMap((line, i) => {
    const quantity = sums.get(line.lineId) ?? 0;
    return quantity > 0 ? [{ lineId: line.lineId, line: i + 1, quantity }] : [];
  });
  if (requested.length === 0) return badRequest(SALES_MESSAGES.requestNothing);
  const problems = requested.flatMap(({ lineId, line, quantity }) => {
    const allowed = Math.max(0, lines[line - 1]!.allowed);
    return quantity > allowed ? [{ lineId, line, requested: quantity, allowed }] : [];
  });
  if (problems.length > 0) {
    const message = problems
      .map((problem) =>
        rules.exceeds(lineLabel([problem.line], lines[problem.line - 1]!.name), problem.requested, problem.allowed),
      )
      .join(' ');
    return { refusal: { status: 409, message, problems } };
  }
  return { requested };
}
