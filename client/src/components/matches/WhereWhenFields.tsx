import { MSG } from '../../../../common/messages';
import type { FormField } from '../../lib/zod-form';
import { Notice } from '../ui';
import { DateStrip, PlaceSelect, TimeSlots } from './MatchFormFields';
import type { PlaceView } from './types';

export interface WhereWhenProps {
  places: readonly PlaceView[];
  dates: readonly string[];
  times: readonly string[];
  /** Today's local date and time: the slots already past today are not offered. */
  today?: string;
  now?: string;
  place: FormField<string>;
  date: FormField<string>;
  time: FormField<string>;
}

/**
 * Where and when, as the match and evening forms ask it: the place (or why there is none), the
 * day strip and the time slots; choosing today drops a time already past.
 */
export function WhereWhenFields({
  places,
  dates,
  times,
  today,
  now,
  place,
  date,
  time,
}: WhereWhenProps) {
  const pastToday = (slot: string) =>
    date.value !== '' && date.value === today && now !== undefined && slot <= now;
  return (
    <>
      {places.length === 0 ? (
        <Notice kind="info" persistent message={MSG.match.noPlaces} />
      ) : (
        <PlaceSelect
          places={places}
          value={place.value}
          error={place.error}
          selectRef={place.ref}
          onChange={place.onValueChange}
        />
      )}
      <DateStrip
        options={dates}
        value={date.value}
        error={date.error}
        focusRef={date.ref}
        onChange={(day) => {
          date.onValueChange(day);
          if (time.value && day === today && now !== undefined && time.value <= now)
            time.onValueChange('');
        }}
      />
      <TimeSlots
        options={times.filter((t) => !pastToday(t))}
        value={time.value}
        error={time.error}
        focusRef={time.ref}
        onChange={time.onValueChange}
      />
    </>
  );
}
