import type { ReactNode } from 'react';
import {
  matchDraftSchema,
  type MatchFormLimits,
  type TMatchDraft,
} from '../../../../common/schemas/matches';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { Button, Notice } from '../ui';
import { LevelChips, PlacesCount } from './MatchFormFields';
import { WhereWhenFields } from './WhereWhenFields';
import type { LevelView, PlaceView } from './types';

export interface CreateMatchFormProps {
  places: readonly PlaceView[];
  levels: readonly LevelView[];
  dates: readonly string[];
  times: readonly string[];
  limits: MatchFormLimits;
  /** Today's local date and time, to grey out the slots already past today. */
  today?: string;
  now?: string;
  submitting?: boolean;
  error?: string | null;
  onDismissError?: () => void;
  onSubmit: (draft: TMatchDraft) => void;
  onCancel: () => void;
  /** More fields, after the spec's (the match room's: visibility, reserved seats). */
  children?: ReactNode;
}

/** Create match (spec section 2): place, day strip, time slots, number of places, level chips. */
export function CreateMatchForm(props: CreateMatchFormProps) {
  const {
    places,
    levels,
    dates,
    times,
    limits,
    today,
    now,
    submitting = false,
    error,
    onDismissError,
    onSubmit,
    onCancel,
    children,
  } = props;
  const form = useZodForm(
    matchDraftSchema(
      limits,
      today !== undefined && now !== undefined ? { date: today, time: now } : undefined,
    ),
    {
      show: 'each',
      defaultValues: {
        placeId: places.length === 1 && places[0] ? String(places[0].id) : '',
        date: '',
        time: '',
        levels: [],
        slots: Math.min(3, limits.maxPlaces),
      },
    },
  );
  const place = useFormField(form, 'placeId');
  const date = useFormField(form, 'date');
  const time = useFormField(form, 'time');
  const slots = useFormField(form, 'slots');
  const chosen = useFormField(form, 'levels');
  const noPlaces = places.length === 0;

  return (
    <form className="card match-form" onSubmit={form.onSubmit(onSubmit)} noValidate>
      <WhereWhenFields
        places={places}
        dates={dates}
        times={times}
        today={today}
        now={now}
        place={place}
        date={date}
        time={time}
      />
      <PlacesCount
        max={limits.maxPlaces}
        value={slots.value}
        error={slots.error}
        focusRef={slots.ref}
        onChange={slots.onValueChange}
      />
      <LevelChips
        levels={levels}
        selected={chosen.value}
        max={limits.maxLevels}
        error={chosen.error}
        focusRef={chosen.ref}
        onChange={chosen.onValueChange}
      />

      {children}

      {error && <Notice kind="error" message={error} onClose={onDismissError} persistent />}

      <div className="form-actions">
        <Button variant="secondary" onClick={onCancel}>
          Annuler
        </Button>
        <Button type="submit" loading={submitting} disabled={noPlaces}>
          Créer le match
        </Button>
      </div>
    </form>
  );
}
