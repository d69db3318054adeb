/** The editor's undo history keeps at most this many entries ... */
export const RICH_TEXT_UNDO_LIMIT = 100;
/** ... and changes made within this many ms of the first change of a step merge into one undo step. */
export const RICH_TEXT_UNDO_MERGE_MS = 1000;
