import { type Kysely, sql } from 'kysely';

/**
 * PostgreSQL statement triggers that keep a table's figures from the statement's transition tables (migrations 0037
 * and 0039, docs/decisions/0050-product-figures-per-statement.md). PostgreSQL allows transition tables only on
 * triggers without a column list and with one event, so a figure has three: `<name>_inserted`, `<name>_updated`,
 * `<name>_deleted`, each with a function of the same name.
 */
export const TRIGGER_EVENTS = { inserted: 'insert', updated: 'update', deleted: 'delete' } as const;
export type TriggerEvent = keyof typeof TRIGGER_EVENTS;

/** The transition tables an event has, each with the sign its rows' figures take. */
export const sides = (event: TriggerEvent): [table: string, sign: '' | '-'][] =>
  event === 'inserted' ? [['new_rows', '']] : event === 'deleted' ? [['old_rows', '-']] : [['new_rows', ''], ['old_rows', '-']];

const referencing = (event: TriggerEvent) =>
  event === 'inserted' ? 'new table as new_rows' : event === 'deleted' ? 'old table as old_rows' : 'old table as old_rows new table as new_rows';

/** `select … from <each side> where …` joined by `union all`; `columns(sign, side)` are the side's selected expressions. */
export const eachSide = (event: TriggerEvent, columns: (sign: '' | '-', table: string) => string, where = 'store_id is not null') =>
  sides(event)
    .map(([table, sign]) => `select ${columns(sign, table)} from ${table} where ${where}`)
    .join(' union all ');

/** A figure a table's statements keep: its triggers' name and what a statement of each event does. */
export interface StatementFigure {
  table: string;
  name: string;
  body: (event: TriggerEvent) => string;
}

/** Each figure's three functions and triggers, in the order given (triggers of one event fire in name order). */
export async function createStatementTriggers(db: Kysely<unknown>, figures: readonly StatementFigure[]): Promise<void> {
  for (const figure of figures)
    for (const event of Object.keys(TRIGGER_EVENTS) as TriggerEvent[]) {
      const name = `${figure.name}_${event}`;
      await sql
        .raw(`create function ${name}() returns trigger language plpgsql as $$ begin ${figure.body(event)} return null; end $$`)
        .execute(db);
      await sql
        .raw(`create trigger ${name} after ${TRIGGER_EVENTS[event]} on ${figure.table} referencing ${referencing(event)}
                for each statement execute function ${name}()`)
        .execute(db);
    }
}

/** What createStatementTriggers made, gone. */
export async function dropStatementTriggers(db: Kysely<unknown>, figures: readonly StatementFigure[]): Promise<void> {
  for (const figure of figures)
    for (const event of Object.keys(TRIGGER_EVENTS) as TriggerEvent[]) {
      const name = `${figure.name}_${event}`;
      await sql.raw(`drop trigger ${name} on ${figure.table}`).execute(db);
      await sql.raw(`drop function ${name}()`).execute(db);
    }
}
