import { EditorState } from 'draft-js';
import { UNDO_LIMIT, UNDO_MERGE_MS } from './constants';

/*
 * The undo history: at most UNDO_LIMIT (100) entries; a change made within UNDO_MERGE_MS (1000 ms)
 * of the first change of the current step joins that step. draft-js keeps its own undo stack with its own
 * merging rule (by change type), so every content change goes through recordChange, which rebuilds the stacks
 * from the state before the change.
 */

export interface HistoryClock {
  /** When the current undo step began (ms), or null when the next change starts a new step. */
  stepStartedAt: number | null;
}

/** The state after a change, with the undo and redo stacks of this field's rule. */
export function recordChange(prev: EditorState, next: EditorState, now: number, clock: HistoryClock): EditorState {
  if (prev.getCurrentContent() === next.getCurrentContent()) return next;
  const undoStack = prev.getUndoStack();
  const merge = clock.stepStartedAt !== null && now - clock.stepStartedAt < UNDO_MERGE_MS && undoStack.size > 0;
  if (!merge) clock.stepStartedAt = now;
  return EditorState.set(next, {
    undoStack: merge ? undoStack : undoStack.push(prev.getCurrentContent()).take(UNDO_LIMIT).toStack(),
    redoStack: prev.getRedoStack().clear(),
  });
}

export function canUndo(state: EditorState): boolean {
  return state.getUndoStack().size > 0;
}

export function canRedo(state: EditorState): boolean {
  return state.getRedoStack().size > 0;
}

/** Undo one step; the next change starts a new step. */
export function undo(state: EditorState, clock: HistoryClock): EditorState {
  clock.stepStartedAt = null;
  return canUndo(state) ? EditorState.undo(state) : state;
}

export function redo(state: EditorState, clock: HistoryClock): EditorState {
  clock.stepStartedAt = null;
  return canRedo(state) ? EditorState.redo(state) : state;
}
