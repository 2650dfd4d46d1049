import { useState, type FormEvent } from 'react';
import { useFormError } from '../../lib/form-error';
import { MSG } from '../../../../common/messages';
import { ZUpdateProfileInput } from '../../../../common/schemas/users';
import { CancelSubmitRow, Field, Notice } from '../../components/ui';
import type { TUser } from '../../lib/auth';
import { errorMessage } from '../../lib/errors';
import { trpc, type RouterOutputs } from '../../lib/trpc';
import { firstIssue } from '../../../../common/schemas/first-issue';
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

/** Edit mode of Mon Profil: photo, name and level; the saved user replaces the stored one. */
export function ProfileEditForm({ user, levels, levelCleared, onSaved, onCancel, prepare }: ProfileEditFormProps) {
  const [name, setName] = useState(user.name);
  const [level, setLevel] = useState(levelCleared ? '' : (user.level ?? ''));
  // undefined: keep the current photo; null: remove it; a data URL: the new photo.
  const [photo, setPhoto] = useState<string | null | undefined>(undefined);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const { error, setError, fieldError, edited } = useFormError();
  const update = trpc.users.update.useMutation();

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const input = { name, level, ...(photo === undefined ? {} : { photo }) };
    const invalid =
      firstIssue(ZUpdateProfileInput.safeParse(input)) ??
      (levels.some((l) => l.niveau === level.trim()) ? null : { field: 'level', message: MSG.profile.levelGone });
    setError(invalid);
    if (invalid) return;
    try {
      onSaved(await update.mutateAsync({ ...input, name: name.trim(), level: level.trim() }));
    } catch (e) {
      setError({ field: '', message: errorMessage(e, MSG.profile.updateFailed) });
    }
  };

  const preview = photo === undefined ? user.photo : photo;
  const formError = error && error.field !== 'name' && error.field !== 'level' ? error.message : null;
  return (
    <form className="card stack" noValidate onSubmit={(e) => void submit(e)} aria-labelledby="profile-edit-title">
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
      <Field label="Nom" error={fieldError('name')}>
        <input className="input" name="name" autoComplete="name" value={name} onChange={(e) => edited(setName, 'name')(e.target.value)} />
      </Field>
      <Field label="Niveau" error={fieldError('level')}>
        <select className="select" name="level" value={level} onChange={(e) => edited(setLevel, 'level')(e.target.value)}>
          <option value="">Choisissez votre niveau</option>
          {levels.map((l) => (
            <option key={l.id} value={l.niveau}>
              {`${l.niveau} — ${l.label}`}
            </option>
          ))}
        </select>
      </Field>
      <Notice kind="error" message={formError} persistent />
      <CancelSubmitRow onCancel={onCancel} loading={update.isPending} />
    </form>
  );
}
