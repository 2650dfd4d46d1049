import { DEFAULT_LEVELS } from '../../../../common/levels';
import { DEFAULT_LEVEL_COLOUR, LEVEL_ORDRE_MAX, LEVEL_ORDRE_MIN } from '../../../../common/limits';
import { type TCreateLevelInput } from '../../../../common/schemas/admin';
import { typedNumber, ZLevelForm, type TLevelForm } from '../../../../common/schemas/admin-forms';
import { LevelBadge } from '../../components/matches/LevelBadges';
import { NoticeSlot } from '../../components/matches/NoticeSlot';
import { ConfirmDialog, Field, InputField } from '../../components/ui';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { AddToggleButton, AdminList, bound, EditFormCard, ItemActions, PanelHead } from './shared';
import { useCrudTab } from './useCrudTab';

type Level = RouterOutputs['admin']['levels']['list'][number];
/** A level as listed: from the server (with an id) or one of the defaults shown when loading fails. */
type ListedLevel = Omit<Level, 'id'> & { id?: number };
/** Only a level the server knows can be deleted; the defaults shown after a failed load cannot. */
const isSaved = (level: ListedLevel): level is Level => level.id !== undefined;

interface LevelFormProps {
  level: ListedLevel | null;
  nextOrdre: number;
  saving: boolean;
  onSave: (values: TCreateLevelInput) => void;
  onCancel: () => void;
}

function LevelForm({ level, nextOrdre, saving, onSave, onCancel }: LevelFormProps) {
  const form = useZodForm(ZLevelForm, {
    defaultValues: {
      niveau: level?.niveau ?? '',
      label: level?.label ?? '',
      description: level?.description ?? '',
      couleur: level?.couleur ?? DEFAULT_LEVEL_COLOUR,
      ordre: String(level?.ordre ?? nextOrdre),
    },
  });
  const niveau = useFormField(form, 'niveau');
  const label = useFormField(form, 'label');
  const ordre = useFormField(form, 'ordre');
  const { value: couleur = '', ...colour } = useFormField(form, 'couleur');
  const { ref: descriptionRef, ...description } = useFormField(form, 'description');

  const submit = (values: TLevelForm) =>
    onSave({
      ...values,
      description: values.description ?? '',
      // Spec section 5: a blank colour is the default one.
      couleur: values.couleur?.trim() || DEFAULT_LEVEL_COLOUR,
      ordre: typedNumber(values.ordre),
    });

  const validColour = /^#[0-9a-f]{6}$/i.test(couleur) ? couleur : DEFAULT_LEVEL_COLOUR;
  return (
    <EditFormCard
      label={level ? 'Modifier le niveau' : 'Ajouter un niveau'}
      title={level ? `Modifier « ${level.niveau} »` : 'Nouveau niveau'}
      onSubmit={form.onSubmit(submit)}
      error={form.formError}
      isNew={!level}
      saving={saving}
      onCancel={onCancel}
    >
      <div className="admin-form-grid">
        <InputField
          label="Niveau"
          hint="Identifiant affiché aux joueurs, par ex. « Niveau 3 »"
          {...bound(niveau)}
        />
        <InputField label="Libellé" {...bound(label)} />
        <InputField
          label="Ordre"
          hint={`Entre ${LEVEL_ORDRE_MIN} et ${LEVEL_ORDRE_MAX}`}
          type="number"
          inputMode="numeric"
          min={LEVEL_ORDRE_MIN}
          max={LEVEL_ORDRE_MAX}
          {...bound(ordre)}
        />
        <div className="colour-field">
          <InputField
            label="Couleur"
            hint="Format #RRGGBB"
            {...bound({ ...colour, value: couleur })}
          />
          <input
            type="color"
            className="colour-swatch-input"
            value={validColour}
            onChange={(e) => colour.onValueChange(e.target.value.toUpperCase())}
            aria-label="Choisir la couleur"
          />
        </div>
        <Field label="Description" className="admin-form-wide">
          <textarea
            className="input"
            rows={3}
            ref={descriptionRef}
            value={description.value ?? ''}
            onChange={(e) => description.onValueChange(e.target.value)}
          />
        </Field>
      </div>
      <p className="admin-preview">
        Aperçu :{' '}
        <LevelBadge
          niveau={niveau.value || 'Niveau'}
          catalogue={[
            {
              niveau: niveau.value || 'Niveau',
              label: label.value,
              couleur: validColour,
              ordre: 1,
            },
          ]}
        />
      </p>
    </EditFormCard>
  );
}

/** Levels: list by ordre (falls back to the default levels when loading fails), add/edit form, delete. */
export function LevelsTab() {
  const utils = trpc.useUtils();
  const list = trpc.admin.levels.list.useQuery(undefined, { retry: false });
  const create = trpc.admin.levels.create.useMutation();
  const update = trpc.admin.levels.update.useMutation();
  const crud = useCrudTab<ListedLevel, Level>({
    remove: trpc.admin.levels.delete.useMutation(),
    refresh: () => {
      void utils.admin.levels.list.invalidate();
      void utils.levels.list.invalidate();
    },
  });

  // Spec section 8: a failed load shows the default level list instead.
  const levels: readonly ListedLevel[] = list.data ?? (list.isError ? DEFAULT_LEVELS : []);
  const nextOrdre = Math.min(
    LEVEL_ORDRE_MAX,
    levels.reduce((max, l) => Math.max(max, l.ordre), 0) + 1,
  );

  return (
    <div className="admin-tab-body">
      <PanelHead
        title="Niveaux"
        lead="Les niveaux de jeu proposés aux joueurs, dans leur ordre et leur couleur."
        actions={
          <AddToggleButton open={crud.adding} onToggle={crud.toggleAdd} label="Ajouter un niveau" />
        }
      />
      <NoticeSlot notice={crud.notice.notice} onClose={crud.notice.clear} />
      {crud.editing !== null && (
        <LevelForm
          key={crud.edited ? (crud.edited.id ?? crud.edited.niveau) : 'new'}
          level={crud.edited}
          nextOrdre={nextOrdre}
          saving={create.isPending || update.isPending}
          onCancel={crud.closeForm}
          onSave={(values) =>
            crud.edited?.id !== undefined
              ? update.mutate({ id: crud.edited.id, ...values }, crud.saveHandlers)
              : create.mutate(values, crud.saveHandlers)
          }
        />
      )}
      <AdminList
        loading={list.isPending}
        loadingLabel="Chargement des niveaux..."
        emptyTitle="Aucun niveau pour le moment."
        items={levels}
        itemKey={(level) => level.id ?? level.niveau}
      >
        {(level) => (
          <>
            <span className="admin-level-order" aria-label={`Ordre ${level.ordre}`}>
              {level.ordre}
            </span>
            <div className="admin-item-main">
              <div className="admin-item-title">
                <LevelBadge niveau={level.niveau} catalogue={[level]} />
                <h3>{level.label}</h3>
              </div>
              {level.description && <p className="muted">{level.description}</p>}
            </div>
            <ItemActions
              name={level.niveau}
              onEdit={() => crud.edit(level)}
              onDelete={isSaved(level) ? () => crud.askDelete(level) : undefined}
            />
          </>
        )}
      </AdminList>
      <ConfirmDialog
        {...crud.confirmDelete}
        title="Supprimer ce niveau ?"
        message={`Le niveau « ${crud.deleting?.niveau ?? ''} » sera supprimé. Les joueurs qui l'avaient devront en choisir un autre. Cette action est irréversible.`}
      />
    </div>
  );
}
