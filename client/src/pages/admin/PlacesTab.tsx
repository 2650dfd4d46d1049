import { useState, type FormEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { ZCreatePlaceInput } from '../../../../server/schemas/admin';
import { useNotice } from '../../components/matches/useNotice';
import { Button, ConfirmDialog, EmptyState, Field, Notice, Spinner } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { firstIssue, NoticeSlot, PanelHead } from './shared';

type Place = RouterOutputs['admin']['places']['list'][number];

interface PlaceFormProps {
  place: Place | null;
  saving: boolean;
  onSave: (values: { name: string; address: string; city: string; is_active: boolean }) => void;
  onCancel: () => void;
}

function PlaceForm({ place, saving, onSave, onCancel }: PlaceFormProps) {
  const [name, setName] = useState(place?.name ?? '');
  const [address, setAddress] = useState(place?.address ?? '');
  const [city, setCity] = useState(place?.city ?? '');
  const [isActive, setIsActive] = useState(place?.is_active ?? true);
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = ZCreatePlaceInput.safeParse({ name, address, city, is_active: isActive });
    setError(firstIssue(parsed));
    if (parsed.success) onSave({ ...parsed.data, is_active: isActive });
  };

  return (
    <form className="card admin-form" onSubmit={submit} noValidate aria-label={place ? 'Modifier le lieu' : 'Ajouter un lieu'}>
      <h3 className="admin-form-title">{place ? `Modifier « ${place.name} »` : 'Nouveau lieu'}</h3>
      <div className="admin-form-grid">
        <Field label="Nom">
          <input className="input" value={name} onChange={(e) => setName(e.target.value)} autoComplete="off" />
        </Field>
        <Field label="Ville">
          <input className="input" value={city} onChange={(e) => setCity(e.target.value)} autoComplete="address-level2" />
        </Field>
        <Field label="Adresse" className="admin-form-wide">
          <input className="input" value={address} onChange={(e) => setAddress(e.target.value)} autoComplete="street-address" />
        </Field>
      </div>
      <label className="check">
        <input type="checkbox" checked={isActive} onChange={(e) => setIsActive(e.target.checked)} />
        <span>Lieu actif (proposé à la création de matchs)</span>
      </label>
      {error && <Notice kind="error" persistent message={error} />}
      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" loading={saving}>
          {place ? 'Enregistrer' : 'Ajouter'}
        </Button>
      </div>
    </form>
  );
}

/** Places: list, add/edit toggle form, delete after confirmation. */
export function PlacesTab() {
  const utils = trpc.useUtils();
  const list = trpc.admin.places.list.useQuery();
  const create = trpc.admin.places.create.useMutation();
  const update = trpc.admin.places.update.useMutation();
  const remove = trpc.admin.places.delete.useMutation();
  const notice = useNotice();
  const [editing, setEditing] = useState<Place | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Place | null>(null);

  const refresh = () => {
    void utils.admin.places.list.invalidate();
    void utils.places.list.invalidate();
  };
  const onSaved = {
    onSuccess: () => {
      setEditing(null);
      notice.success(MSG.admin.saved);
      refresh();
    },
    onError: (err: unknown) => notice.error(errorMessage(err, MSG.admin.saveFailed)),
  };

  return (
    <div className="admin-tab-body">
      <PanelHead
        title="Lieux"
        lead="Les terrains où les joueurs peuvent créer des matchs."
        actions={
          <Button variant={editing === 'new' ? 'secondary' : 'primary'} onClick={() => setEditing(editing === 'new' ? null : 'new')} aria-expanded={editing === 'new'}>
            {editing === 'new' ? 'Fermer le formulaire' : 'Ajouter un lieu'}
          </Button>
        }
      />
      <NoticeSlot notice={notice.notice} onClose={notice.clear} />
      {editing !== null && (
        <PlaceForm
          key={editing === 'new' ? 'new' : editing.id}
          place={editing === 'new' ? null : editing}
          saving={create.isPending || update.isPending}
          onCancel={() => setEditing(null)}
          onSave={(values) => (editing === 'new' ? create.mutate(values, onSaved) : update.mutate({ id: editing.id, ...values }, onSaved))}
        />
      )}
      {list.isPending ? (
        <Spinner label="Chargement des lieux..." showLabel />
      ) : list.isError ? (
        <Notice kind="error" persistent message={errorMessage(list.error, MSG.admin.placesLoadFailed)} />
      ) : list.data.length === 0 ? (
        <EmptyState title="Aucun lieu pour le moment." />
      ) : (
        <ul className="admin-list">
          {list.data.map((place) => (
            <li key={place.id} className="card admin-item">
              <div className="admin-item-main">
                <div className="admin-item-title">
                  <h3>{place.name}</h3>
                  <span className={place.is_active ? 'badge badge-primary' : 'badge'}>{place.is_active ? 'Actif' : 'Inactif'}</span>
                </div>
                <p className="muted">
                  {place.address}, {place.city}
                </p>
              </div>
              <div className="admin-item-actions">
                <Button variant="secondary" onClick={() => setEditing(place)} aria-label={`Modifier ${place.name}`}>
                  Modifier
                </Button>
                <Button variant="danger" onClick={() => setDeleting(place)} aria-label={`Supprimer ${place.name}`}>
                  Supprimer
                </Button>
              </div>
            </li>
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Supprimer ce lieu ?"
        message={`Le lieu « ${deleting?.name ?? ''} » sera supprimé. Cette action est irréversible.`}
        confirmLabel="Supprimer"
        loading={remove.isPending}
        onCancel={() => setDeleting(null)}
        onConfirm={() =>
          deleting &&
          remove.mutate(
            { id: deleting.id },
            {
              onSuccess: (r) => notice.success(r.message || MSG.admin.deleted),
              onError: (err) => notice.error(errorMessage(err, MSG.admin.deleteFailed)),
              onSettled: () => {
                setDeleting(null);
                refresh();
              },
            },
          )
        }
      />
    </div>
  );
}
