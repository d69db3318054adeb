import { MESSAGES, removalSentence } from '@inventory/contract/rules';
import { ConfirmDialog } from '@inventory/ui';
import { useAppDispatch, useAppSelector } from '../../store/hooks';
import { removalClosed, selectProductArchive } from './productArchiveSlice';
import { deleteProductRequested } from './productsSlice';

/**
 * The delete dialog of a product: it first asks the server what a delete would do, then names the product and says
 * it (deleted for good, or archived: restorable, kept on its orders) before the user confirms
 * (docs/decisions/0033-archived-products-and-bulk-actions.md).
 */
export function ProductRemovalDialog() {
  const dispatch = useAppDispatch();
  const { removal } = useAppSelector(selectProductArchive);
  const answer = removal?.answer ?? null;
  const archive = answer?.outcome === 'archive';
  const message = !removal || !answer
    ? MESSAGES.removalLoading
    : archive
      ? removalSentence(removal.name, answer)
      : `${MESSAGES.deleteProductMessage} ${removalSentence(removal.name, answer)}`;
  return (
    <ConfirmDialog
      open={removal !== null}
      title={archive ? MESSAGES.archiveProductTitle : MESSAGES.deleteProductTitle}
      message={message}
      confirmLabel={archive ? 'Archive' : 'Delete'}
      cancelLabel="Cancel"
      tone="danger"
      confirmDisabled={answer === null}
      onCancel={() => dispatch(removalClosed())}
      onConfirm={() => {
        if (!removal || !answer) return;
        dispatch(deleteProductRequested(removal.id));
        dispatch(removalClosed());
      }}
    />
  );
}
