import { useId, useRef, useState, type DragEvent } from 'react';
import { MSG } from '../../../../common/messages';
import { Avatar } from '../../components/layout/Avatar';
import { Button } from '../../components/ui';
import { PhotoError, preparePhoto } from './photo';

export interface PhotoDropzoneProps {
  /** What to show: the new photo (data URL), the current photo URL, or null. */
  preview: string | null;
  name: string;
  onPhoto: (dataUrl: string) => void;
  onRemove: () => void;
  onError: (message: string | null) => void;
  prepare?: (file: File) => Promise<string>;
}

/** Drag and drop needs a mouse: a touch screen (coarse pointer, no hover) is not offered it. */
const FINE_POINTER = '(hover: hover) and (pointer: fine)';
const canDragAndDrop = () =>
  typeof window.matchMedia !== 'function' || window.matchMedia(FINE_POINTER).matches;

/** The drag-and-drop image area of the profile form, with a file picker for touch screens and keyboards. */
export function PhotoDropzone({
  preview,
  name,
  onPhoto,
  onRemove,
  onError,
  prepare = preparePhoto,
}: PhotoDropzoneProps) {
  const [dragging, setDragging] = useState(false);
  const [draggable] = useState(canDragAndDrop);
  const [busy, setBusy] = useState(false);
  const input = useRef<HTMLInputElement>(null);
  const inputId = useId();

  const take = async (file: File | undefined) => {
    if (!file) return;
    onError(null);
    setBusy(true);
    try {
      onPhoto(await prepare(file));
    } catch (e) {
      onError(e instanceof PhotoError ? e.message : MSG.profile.photoLoadFailed);
    } finally {
      setBusy(false);
      if (input.current) input.current.value = '';
    }
  };

  const onDrop = (event: DragEvent) => {
    event.preventDefault();
    setDragging(false);
    void take(event.dataTransfer.files[0]);
  };

  return (
    <div
      className={`dropzone${dragging ? ' is-dragging' : ''}`}
      onDragOver={(e) => {
        e.preventDefault();
        setDragging(true);
      }}
      onDragLeave={() => setDragging(false)}
      onDrop={onDrop}
      data-testid="photo-dropzone"
    >
      {preview ? (
        <img className="dropzone-preview" src={preview} alt={`Photo de ${name}`} />
      ) : (
        <Avatar name={name} photo={null} className="dropzone-preview profile-photo" />
      )}
      <p>
        {draggable ? 'Glissez-déposez une photo ici' : 'Ajoutez une photo depuis votre appareil'}
      </p>
      <p className="muted">JPG, PNG ou GIF, 5 Mo maximum</p>
      <div className="row">
        <input
          ref={input}
          id={inputId}
          className="visually-hidden file-input"
          type="file"
          accept="image/*"
          onChange={(e) => void take(e.target.files?.[0])}
        />
        <label className="btn btn-secondary" htmlFor={inputId} aria-busy={busy || undefined}>
          {busy ? 'Traitement...' : 'Choisir une photo'}
        </label>
        {preview && (
          <Button variant="ghost" onClick={onRemove}>
            Supprimer la photo
          </Button>
        )}
      </div>
    </div>
  );
}
