import { z } from 'zod';
import { MSG } from '../../../../common/messages';
import { COURT_TEXT } from '../../../../common/messages-court';
import { ZCreatePlaceInput, type TCreatePlaceInput } from '../../../../common/schemas/admin';
import { ZBookingUrl } from '../../../../common/schemas/court';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { CheckField, ConfirmDialog, Field, InputField } from '../../components/ui';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { AddToggleButton, AdminList, bound, EditFormCard, ItemActions, PanelHead } from './shared';
import { useCrudTab } from './useCrudTab';

type Place = RouterOutputs['admin']['places']['list'][number];

interface PlaceFormProps {
  place: Place | null;
  saving: boolean;
  onSave: (values: TCreatePlaceInput) => void;
  onCancel: () => void;
}

/** The place form as typed: the booking link stays text (blank: none) until it is sent. */
const ZPlaceDraft = ZCreatePlaceInput.extend({
  booking_url: z
    .string()
    .refine(
      (v) => v.trim() === '' || ZBookingUrl.safeParse(v).success,
      COURT_TEXT.bookingUrlInvalid,
    ),
  indoor: z.boolean().nullable(),
});
type TPlaceDraft = z.infer<typeof ZPlaceDraft>;

/** « Intérieur », « Extérieur » or « Non précisé », as the select's values. */
const INDOOR_VALUES = { in: true, out: false } as const;
const indoorValue = (v: boolean | null) => (v === null ? '' : v ? 'in' : 'out');

function PlaceForm({ place, saving, onSave, onCancel }: PlaceFormProps) {
  const form = useZodForm(ZPlaceDraft, {
    defaultValues: {
      name: place?.name ?? '',
      address: place?.address ?? '',
      city: place?.city ?? '',
      is_active: place?.is_active ?? true,
      booking_url: place?.booking_url ?? '',
      indoor: place?.indoor ?? null,
    },
  });
  const name = useFormField(form, 'name');
  const city = useFormField(form, 'city');
  const address = useFormField(form, 'address');
  const isActive = useFormField(form, 'is_active');
  const bookingUrl = useFormField(form, 'booking_url');
  const { ref: indoorRef, ...indoor } = useFormField(form, 'indoor');
  const save = (values: TPlaceDraft) =>
    onSave({ ...values, booking_url: values.booking_url.trim() || null });

  return (
    <EditFormCard
      label={place ? 'Modifier le lieu' : 'Ajouter un lieu'}
      title={place ? `Modifier « ${place.name} »` : 'Nouveau lieu'}
      onSubmit={form.onSubmit(save)}
      error={form.formError}
      isNew={!place}
      saving={saving}
      onCancel={onCancel}
    >
      <div className="admin-form-grid">
        <InputField label="Nom" {...bound(name)} autoComplete="off" />
        <InputField label="Ville" {...bound(city)} autoComplete="address-level2" />
        <InputField
          label="Adresse"
          fieldClassName="admin-form-wide"
          {...bound(address)}
          autoComplete="street-address"
        />
        <InputField
          label={COURT_TEXT.bookingUrlLabel}
          fieldClassName="admin-form-wide"
          inputMode="url"
          placeholder="https://"
          {...bound(bookingUrl)}
          autoComplete="off"
        />
        <Field label={COURT_TEXT.indoorLabel}>
          <select
            className="select"
            ref={indoorRef}
            value={indoorValue(indoor.value)}
            onChange={(e) =>
              indoor.onValueChange(
                e.target.value === 'in' || e.target.value === 'out'
                  ? INDOOR_VALUES[e.target.value]
                  : null,
              )
            }
          >
            <option value="">{COURT_TEXT.indoorUnknown}</option>
            <option value="in">{COURT_TEXT.indoor}</option>
            <option value="out">{COURT_TEXT.outdoor}</option>
          </select>
        </Field>
      </div>
      <CheckField
        label="Lieu actif (proposé à la création de matchs)"
        checked={isActive.value ?? true}
        onCheckedChange={isActive.onValueChange}
      />
    </EditFormCard>
  );
}

/** Places: list, add/edit toggle form, delete after confirmation. */
export function PlacesTab() {
  const utils = trpc.useUtils();
  const list = trpc.admin.places.list.useQuery();
  const create = trpc.admin.places.create.useMutation();
  const update = trpc.admin.places.update.useMutation();
  const crud = useCrudTab<Place, Place>({
    remove: trpc.admin.places.delete.useMutation(),
    refresh: () => {
      void utils.admin.places.list.invalidate();
      void utils.places.list.invalidate();
    },
  });

  return (
    <div className="admin-tab-body">
      <PanelHead
        title="Lieux"
        lead="Les terrains où les joueurs peuvent créer des matchs."
        actions={
          <AddToggleButton open={crud.adding} onToggle={crud.toggleAdd} label="Ajouter un lieu" />
        }
      />
      <NoticeSlot notice={crud.notice.notice} onClose={crud.notice.clear} />
      {crud.editing !== null && (
        <PlaceForm
          key={crud.edited?.id ?? 'new'}
          place={crud.edited}
          saving={create.isPending || update.isPending}
          onCancel={crud.closeForm}
          onSave={(values) =>
            crud.edited
              ? update.mutate({ id: crud.edited.id, ...values }, crud.saveHandlers)
              : create.mutate(values, crud.saveHandlers)
          }
        />
      )}
      <AdminList
        loading={list.isPending}
        loadingLabel="Chargement des lieux..."
        error={list.isError ? errorMessage(list.error, MSG.admin.placesLoadFailed) : null}
        emptyTitle="Aucun lieu pour le moment."
        items={list.data ?? []}
        itemKey={(place) => place.id}
      >
        {(place) => (
          <>
            <div className="admin-item-main">
              <div className="admin-item-title">
                <h3>{place.name}</h3>
                <span className={place.is_active ? 'badge badge-primary' : 'badge'}>
                  {place.is_active ? 'Actif' : 'Inactif'}
                </span>
              </div>
              <p className="muted">
                {place.address}, {place.city}
                {place.indoor !== null && (
                  <> · {place.indoor ? COURT_TEXT.indoor : COURT_TEXT.outdoor}</>
                )}
              </p>
              {place.booking_url && (
                <p className="muted admin-place-link">
                  <a href={place.booking_url} target="_blank" rel="noopener noreferrer">
                    {place.booking_url}
                  </a>
                </p>
              )}
            </div>
            <ItemActions
              name={place.name}
              onEdit={() => crud.edit(place)}
              onDelete={() => crud.askDelete(place)}
            />
          </>
        )}
      </AdminList>
      <ConfirmDialog
        {...crud.confirmDelete}
        title="Supprimer ce lieu ?"
        message={`Le lieu « ${crud.deleting?.name ?? ''} » sera supprimé. Cette action est irréversible.`}
      />
    </div>
  );
}
