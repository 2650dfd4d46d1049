import { useId } from 'react';
import { MSG } from '../../../../common/messages';
import { ZGuestName, type TVisibility } from '../../../../common/schemas/room';
import { Button, CheckField } from '../ui';

/** The room's part of the create and edit forms (issue 25). */
export interface RoomDraft {
  visibility: TVisibility;
  openLevels: boolean;
  /** One first name per reserved seat. */
  guests: string[];
}

export const EMPTY_ROOM: RoomDraft = { visibility: 'public', openLevels: false, guests: [] };

/** What the server takes from a room draft (names trimmed; the server checks them again). */
export const roomInput = (room: RoomDraft) => ({
  visibility: room.visibility,
  open_levels: room.openLevels,
  guests: room.guests.map((g) => g.trim()),
});

/** The first guest name the shared schema refuses, as its French message, or null. */
export function roomProblem(room: RoomDraft, slots: number): string | null {
  if (room.guests.length > Math.max(0, slots - 1))
    return MSG.room.guestsTooMany(Math.max(0, slots - 1));
  for (const g of room.guests) {
    const parsed = ZGuestName.safeParse(g);
    if (!parsed.success) return parsed.error.issues[0]?.message ?? MSG.room.guestNameInvalid;
  }
  return null;
}

interface RoomFieldsProps {
  value: RoomDraft;
  onChange: (room: RoomDraft) => void;
  /** Most reserved seats the form may offer (places − 1). */
  maxGuests: number;
  error?: string | null;
}

/**
 * Visibility (public or private), "Ouvert à tous les niveaux" and the reserved seats, each a first
 * name. Native radios and inputs: keyboard and screen readers need nothing more.
 */
export function RoomFields({ value, onChange, maxGuests, error }: RoomFieldsProps) {
  const id = useId();
  const set = (patch: Partial<RoomDraft>) => onChange({ ...value, ...patch });
  const setGuest = (i: number, name: string) =>
    set({ guests: value.guests.map((g, j) => (j === i ? name : g)) });
  return (
    <div className="room-fields">
      <fieldset className="choice-group">
        <legend className="choice-legend">{MSG.room.visibilityLabel}</legend>
        <p className="choice-hint" id={`${id}-private`}>
          {MSG.room.privateHelp}
        </p>
        <div className="room-radios">
          {(['public', 'private'] as const).map((v) => (
            <label key={v} className="check">
              <input
                type="radio"
                name={`${id}-visibility`}
                value={v}
                checked={value.visibility === v}
                aria-describedby={v === 'private' ? `${id}-private` : undefined}
                onChange={() => set({ visibility: v })}
              />
              <span>{MSG.room[v]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <CheckField
        label={MSG.room.openLevelsLabel}
        checked={value.openLevels}
        onCheckedChange={(openLevels) => set({ openLevels })}
      />
      <fieldset className="choice-group">
        <legend className="choice-legend">{MSG.room.guestsLabel}</legend>
        <p className="choice-hint">{MSG.room.guestsHelp}</p>
        {value.guests.map((g, i) => (
          <div className="room-guest" key={i}>
            <label className="room-guest-label" htmlFor={`${id}-guest-${i}`}>
              {MSG.room.guestNameLabel(i + 1)}
            </label>
            <input
              id={`${id}-guest-${i}`}
              className="input"
              value={g}
              maxLength={40}
              autoComplete="off"
              onChange={(e) => setGuest(i, e.target.value)}
            />
            <Button
              variant="ghost"
              aria-label={MSG.room.guestRemove(i + 1)}
              onClick={() => set({ guests: value.guests.filter((_, j) => j !== i) })}
            >
              ✕
            </Button>
          </div>
        ))}
        <Button
          variant="secondary"
          disabled={value.guests.length >= maxGuests}
          onClick={() => set({ guests: [...value.guests, ''] })}
        >
          {MSG.room.guestAdd}
        </Button>
        {error && (
          <p className="field-error" role="alert">
            {error}
          </p>
        )}
      </fieldset>
    </div>
  );
}
