import { useId } from 'react';
import { EVENING_FORMATS, EVENING_UI } from '../../../../common/messages-evenings';
import {
  EVENING_POINTS_CHOICES,
  eveningDraftSchema,
  type TEveningDraft,
} from '../../../../common/schemas/evening-draft';
import { EVENING_FORMAT_KEYS, type TEveningFormat } from '../../../../common/schemas/evenings';
import { useFormField, useZodForm } from '../../lib/zod-form';
import { ChoiceGroup, LevelChips } from '../matches/MatchFormFields';
import { WhereWhenFields } from '../matches/WhereWhenFields';
import { RadioChips } from '../matches/RadioChips';
import type { LevelView, PlaceView } from '../matches/types';
import { Button, CheckField, InputField, Notice } from '../ui';

const COURTS = ['1', '2', '3', '4', '5', '6', '7', '8'] as const;
const SIT_OUT_RULES = ['average', 'zero'] as const;
type TSitOutRule = (typeof SIT_OUT_RULES)[number];
const PAIRINGS = ['1-4', '1-3'] as const;
type TPairing = (typeof PAIRINGS)[number];

export interface EveningFormProps {
  places: readonly PlaceView[];
  levels: readonly LevelView[];
  dates: readonly string[];
  times: readonly string[];
  maxLevels: number;
  /** Today's local date and time, to grey out the slots already past today. */
  today?: string;
  now?: string;
  submitting?: boolean;
  error?: string | null;
  onDismissError?: () => void;
  onSubmit: (draft: TEveningDraft) => void;
  onCancel: () => void;
}

/**
 * Create an evening (issue 40): the match form's place, day strip, time slots and levels, then
 * what an evening adds: format, courts, player cap, points per game, how a Mexicano pairs and what
 * a sit-out counts, visibility, « Compétitif », price per player and whether the organiser plays.
 */
export function EveningForm(props: EveningFormProps) {
  const { places, levels, dates, times, maxLevels, today, now, submitting = false } = props;
  const id = useId();
  const form = useZodForm(
    eveningDraftSchema(
      maxLevels,
      today !== undefined && now !== undefined ? { date: today, time: now } : undefined,
    ),
    {
      show: 'each',
      defaultValues: {
        format: 'americano',
        placeId: places.length === 1 && places[0] ? String(places[0].id) : '',
        date: '',
        time: '',
        courts: 2,
        maxPlayers: '8',
        points: '24',
        levels: [],
        visibility: 'public',
        competitive: false,
        price: '',
        organiserPlays: true,
        sitOutRule: 'average',
        mexicanoPairing: '1-4',
      },
    },
  );
  const format = useFormField(form, 'format');
  const place = useFormField(form, 'placeId');
  const date = useFormField(form, 'date');
  const time = useFormField(form, 'time');
  const courts = useFormField(form, 'courts');
  const cap = useFormField(form, 'maxPlayers');
  const points = useFormField(form, 'points');
  const chosen = useFormField(form, 'levels');
  const visibility = useFormField(form, 'visibility');
  const competitive = useFormField(form, 'competitive');
  const price = useFormField(form, 'price');
  const organiserPlays = useFormField(form, 'organiserPlays');
  const sitOutRule = useFormField(form, 'sitOutRule');
  const pairing = useFormField(form, 'mexicanoPairing');
  const noPlaces = places.length === 0;

  return (
    <form
      className="card match-form evening-form"
      onSubmit={form.onSubmit(props.onSubmit)}
      noValidate
    >
      <ChoiceGroup legend={EVENING_UI.formatLabel} error={format.error} focusRef={format.ref}>
        <RadioChips<TEveningFormat>
          label={EVENING_UI.formatLabel}
          className="evening-formats"
          chipClassName="slot-chip"
          options={EVENING_FORMAT_KEYS}
          value={format.value}
          onChange={format.onValueChange}
        >
          {(f) => EVENING_FORMATS[f]}
        </RadioChips>
      </ChoiceGroup>
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
      <ChoiceGroup legend={EVENING_UI.courtsLabel} error={courts.error} focusRef={courts.ref}>
        <RadioChips
          label={EVENING_UI.courtsLabel}
          className="count-row"
          chipClassName="count-chip"
          options={COURTS}
          value={String(courts.value) as (typeof COURTS)[number]}
          onChange={(n) => courts.onValueChange(Number(n))}
        />
      </ChoiceGroup>
      <InputField
        label={EVENING_UI.capLabel}
        hint={EVENING_UI.capHint}
        type="number"
        inputMode="numeric"
        min={4}
        max={32}
        value={cap.value}
        error={cap.error}
        inputRef={cap.ref}
        onValueChange={cap.onValueChange}
      />
      <ChoiceGroup
        legend={EVENING_UI.pointsLabel}
        hint={EVENING_UI.pointsHint}
        error={points.error}
        focusRef={points.ref}
      >
        <RadioChips
          label={EVENING_UI.pointsLabel}
          className="slot-grid"
          chipClassName="slot-chip"
          options={EVENING_POINTS_CHOICES}
          value={points.value as (typeof EVENING_POINTS_CHOICES)[number]}
          onChange={points.onValueChange}
        />
      </ChoiceGroup>
      {format.value === 'mexicano' && (
        <ChoiceGroup legend={EVENING_UI.pairingLabel}>
          <RadioChips<TPairing>
            label={EVENING_UI.pairingLabel}
            className="slot-grid evening-choices"
            chipClassName="slot-chip"
            options={PAIRINGS}
            value={pairing.value}
            onChange={pairing.onValueChange}
          >
            {(p) => EVENING_UI.pairings[p]}
          </RadioChips>
        </ChoiceGroup>
      )}
      <ChoiceGroup legend={EVENING_UI.sitOutLabel} hint={EVENING_UI.sitOutHint}>
        <RadioChips<TSitOutRule>
          label={EVENING_UI.sitOutLabel}
          className="slot-grid evening-choices"
          chipClassName="slot-chip"
          options={SIT_OUT_RULES}
          value={sitOutRule.value}
          onChange={sitOutRule.onValueChange}
        >
          {(r) => EVENING_UI.sitOutRules[r]}
        </RadioChips>
      </ChoiceGroup>
      <LevelChips
        levels={levels}
        selected={chosen.value}
        max={maxLevels}
        error={chosen.error}
        focusRef={chosen.ref}
        onChange={chosen.onValueChange}
      />
      <fieldset className="choice-group">
        <legend className="choice-legend">{EVENING_UI.visibilityLabel}</legend>
        <p className="choice-hint" id={`${id}-private`}>
          {EVENING_UI.privateHelp}
        </p>
        <div className="room-radios">
          {(['public', 'private'] as const).map((v) => (
            <label key={v} className="check">
              <input
                type="radio"
                name={`${id}-visibility`}
                value={v}
                checked={visibility.value === v}
                aria-describedby={v === 'private' ? `${id}-private` : undefined}
                onChange={() => visibility.onValueChange(v)}
              />
              <span>{EVENING_UI[v]}</span>
            </label>
          ))}
        </div>
      </fieldset>
      <div className="choice-group">
        <CheckField
          label={EVENING_UI.competitive}
          checked={competitive.value}
          aria-describedby={`${id}-competitive`}
          onCheckedChange={competitive.onValueChange}
        />
        <p className="choice-hint" id={`${id}-competitive`}>
          {EVENING_UI.competitiveHint}
        </p>
      </div>
      <InputField
        label={EVENING_UI.priceLabel}
        inputMode="decimal"
        autoComplete="off"
        value={price.value}
        error={price.error}
        inputRef={price.ref}
        onValueChange={price.onValueChange}
      />
      <CheckField
        label={EVENING_UI.organiserPlays}
        checked={organiserPlays.value}
        onCheckedChange={organiserPlays.onValueChange}
      />

      {props.error && (
        <Notice kind="error" message={props.error} onClose={props.onDismissError} persistent />
      )}

      <div className="form-actions">
        <Button variant="secondary" onClick={props.onCancel}>
          {EVENING_UI.cancel}
        </Button>
        <Button type="submit" loading={submitting} disabled={noPlaces}>
          {EVENING_UI.submit}
        </Button>
      </div>
    </form>
  );
}
