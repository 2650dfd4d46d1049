import { useState } from 'react';
import { MSG } from '../../../../common/messages';
import { useNotice } from '../../components/matches/useNotice';
import { errorMessage } from '../../lib/errors';

/** The part of an `admin.<entity>.delete` mutation a tab uses. */
interface DeleteMutation {
  isPending: boolean;
  mutate: (
    input: { id: number },
    options: {
      onSuccess: (result: { message: string }) => void;
      onError: (err: unknown) => void;
      onSettled: () => void;
    },
  ) => void;
}

interface CrudTabOptions {
  remove: DeleteMutation;
  /** Reloads what a save changed. */
  refresh: () => void;
  /** Reloads what a delete changed; `refresh` unless given. */
  refreshAfterDelete?: () => void;
}

/**
 * State shared by the list tabs (places, levels, users): the item being edited or 'new', the item
 * awaiting delete confirmation, and the screen's notice ("Enregistré", "Supprimé" or the error).
 * TEdit may be wider than TDelete (a default level without an id can be edited, not deleted).
 */
export function useCrudTab<TEdit, TDelete extends { id: number }>({
  remove,
  refresh,
  refreshAfterDelete = refresh,
}: CrudTabOptions) {
  const notice = useNotice();
  const [editing, setEditing] = useState<TEdit | 'new' | null>(null);
  const [deleting, setDeleting] = useState<TDelete | null>(null);

  const saved = () => {
    setEditing(null);
    notice.success(MSG.admin.saved);
    refresh();
  };
  const closeForm = () => setEditing(null);

  return {
    notice,
    editing,
    /** The stored item being edited, or null when the form is closed or adds a new one. */
    edited: editing === 'new' ? null : editing,
    adding: editing === 'new',
    edit: (item: TEdit) => setEditing(item),
    toggleAdd: () => setEditing(editing === 'new' ? null : 'new'),
    closeForm,
    saved,
    /** Options for a create or update mutation: success closes the form, failure keeps it open. */
    saveHandlers: {
      onSuccess: saved,
      onError: (err: unknown) => notice.error(errorMessage(err, MSG.admin.saveFailed)),
    },
    deleting,
    askDelete: (item: TDelete) => setDeleting(item),
    /** ConfirmDialog props (all but title and message) that delete `deleting` once confirmed. */
    confirmDelete: {
      open: deleting !== null,
      confirmLabel: 'Supprimer',
      loading: remove.isPending,
      onCancel: () => setDeleting(null),
      onConfirm: () =>
        deleting &&
        remove.mutate(
          { id: deleting.id },
          {
            onSuccess: (r) => notice.success(r.message || MSG.admin.deleted),
            onError: (err) => notice.error(errorMessage(err, MSG.admin.deleteFailed)),
            onSettled: () => {
              setDeleting(null);
              refreshAfterDelete();
            },
          },
        ),
    },
  };
}
