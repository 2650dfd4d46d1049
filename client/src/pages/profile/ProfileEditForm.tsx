import { useId, useState } from 'react';
import { useWatch } from 'react-hook-form';
import { MSG } from '../../../../common/messages';
import { GENDER_TEXT, PLAYER_GENDERS } from '../../../../common/messages-court';
import { TABLE_TEXT } from '../../../../common/messages-season';
import { ZUpdateProfileInput, type TUpdateProfileInput } from '../../../../common/schemas/users';
import { frenchTypography } from '../../../../common/typography';
import { CancelSubmitRow, Field, Notice } from '../../components/ui';
import type { TUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { NameField } from '../auth/NameField';
import { PhotoDropzone } from './PhotoDropzone';

type Level = RouterOutputs['levels']['list'][number];

export interface ProfileEditFormProps {
  user: TUser;
  levels: Level[];
  /** The user's level was deleted: the select starts empty. */
  levelCleared: boolean;
  onSaved: (user: TUser) => void;
  onCancel: () => void;
  prepare?: (file: File) => Promise<string>;
}

/**
 * Edit mode of Mon Profil: photo, name, level, gender (for « Hommes », « Femmes » and « Mixte »
 * matches, never shown to others) and whether the player appears in their groups' tables; the
 * saved user replaces the stored one.
 */
export function ProfileEditForm({
  user,
  levels,
  levelCleared,
  onSaved,
  onCancel,
  prepare,
}: ProfileEditFormProps) {
  const form = useZodForm(ZUpdateProfileInput, {
    defaultValues: {
      name: user.name,
      level: levelCleared ? '' : (user.level ?? ''),
      gender: user.gender ?? null,
      leaderboard: user.leaderboard ?? false,
    },
    fields: ['name', 'level', 'gender', 'leaderboard'],
  });
  const name = useFormField(form, 'name');
  const { ref: levelRef, ...level } = useFormField(form, 'level');
  const { ref: genderRef, ...gender } = useFormField(form, 'gender');
  const { ref: tableRef, ...table } = useFormField(form, 'leaderboard');
  const tableHintId = useId();
  // undefined: keep the current photo; null: remove it; a data URL: the new photo.
  const photo = useWatch({ control: form.control, name: 'photo' });
  const setPhoto = (value: string | null) => form.setValue('photo', value);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const update = trpc.users.update.useMutation();

  const submit = async (values: TUpdateProfileInput) => {
    // The list may have lost the level since the form opened (an admin deleted it).
    if (!levels.some((l) => l.niveau === values.level.trim()))
      return form.fail(MSG.profile.levelGone, 'level');
    try {
      onSaved(
        await update.mutateAsync({
          ...values,
          name: values.name.trim(),
          level: values.level.trim(),
        }),
      );
    } catch (e) {
      form.fail(errorMessage(e, MSG.profile.updateFailed));
    }
  };

  const preview = photo === undefined ? user.photo : photo;
  return (
    <form
      className="card stack"
      noValidate
      onSubmit={form.onSubmit(submit)}
      aria-labelledby="profile-edit-title"
    >
      <h2 className="section-title" id="profile-edit-title">
        Modifier le profil
      </h2>
      <PhotoDropzone
        preview={preview}
        name={user.name}
        onPhoto={(dataUrl) => setPhoto(dataUrl)}
        onRemove={() => setPhoto(null)}
        onError={setPhotoError}
        prepare={prepare}
      />
      <Notice kind="error" message={photoError} persistent />
      <NameField label="Nom" field={name} />
      <Field label="Niveau" error={level.error}>
        <select
          className="select"
          name="level"
          ref={levelRef}
          value={level.value}
          onChange={(e) => level.onValueChange(e.target.value)}
        >
          <option value="">Choisissez votre niveau</option>
          {levels.map((l) => (
            <option key={l.id} value={l.niveau}>
              {`${l.niveau} — ${l.label}`}
            </option>
          ))}
        </select>
      </Field>
      <Field label={GENDER_TEXT.profileLabel} error={gender.error}>
        <select
          className="select"
          name="gender"
          ref={genderRef}
          value={gender.value ?? ''}
          onChange={(e) =>
            gender.onValueChange(PLAYER_GENDERS.find((g) => g === e.target.value) ?? null)
          }
        >
          <option value="">{GENDER_TEXT.profileNone}</option>
          {PLAYER_GENDERS.map((g) => (
            <option key={g} value={g}>
              {GENDER_TEXT.players[g]}
            </option>
          ))}
        </select>
      </Field>
      <div className={table.error ? 'field field-invalid' : 'field'}>
        <label className="checkbox-row">
          <input
            type="checkbox"
            name="leaderboard"
            ref={tableRef}
            checked={table.value ?? false}
            aria-describedby={tableHintId}
            onChange={(e) => table.onValueChange(e.target.checked)}
          />
          <span>{TABLE_TEXT.optInLabel}</span>
        </label>
        <p className="field-hint" id={tableHintId}>
          {frenchTypography(TABLE_TEXT.optInHint)}
        </p>
        {table.error && (
          <p className="field-error" role="alert">
            {frenchTypography(table.error)}
          </p>
        )}
      </div>
      <Notice kind="error" message={form.formError} persistent />
      <CancelSubmitRow onCancel={onCancel} loading={update.isPending} />
    </form>
  );
}
