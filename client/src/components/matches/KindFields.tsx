import { useId } from 'react';
import {
  COST_TEXT,
  COURT_UI,
  euros,
  GENDER_TEXT,
  KIND_TEXT,
  MATCH_GENDERS,
  MATCH_KINDS,
  PLAYER_GENDERS,
  type TMatchGender,
  type TMatchKind,
  type TPlayerGender,
} from '../../../../common/messages-court';
import { PRICE_MAX_CENTS } from '../../../../common/schemas/court';
import { InputField } from '../ui';
import { ChoiceGroup } from './MatchFormFields';
import { RadioChips } from './RadioChips';
import './kind-badges.css';

/** The kind, gender rule and court price of the create and edit forms (issue 42). */
export interface KindDraft {
  kind: TMatchKind;
  gender: TMatchGender;
  /** The court's total price in euros as typed ("40", "42,50"); blank: none. */
  price: string;
  /** The organiser's own gender, asked when the rule needs it and the profile has none. */
  me: TPlayerGender | null;
}

export const EMPTY_KIND: KindDraft = { kind: 'amical', gender: 'ouvert', price: '', me: null };

/** The draft of a match being edited. */
export const kindDraftOf = (m: {
  kind: TMatchKind;
  gender: TMatchGender;
  price_cents: number | null;
}): KindDraft => ({
  kind: m.kind,
  gender: m.gender,
  price: m.price_cents === null ? '' : euros(m.price_cents),
  me: null,
});

/**
 * "40", "42,5", "42.50": euros with at most two decimals, 0 to 10 000 (as the evening form reads
 * its price); blank means no price, undefined a text that is not one.
 */
export function matchPriceCents(text: string): number | null | undefined {
  const t = text.trim().replace(',', '.');
  if (t === '') return null;
  if (!/^\d{1,5}(\.\d{1,2})?$/.test(t)) return undefined;
  const cents = Math.round(Number(t) * 100);
  return cents <= PRICE_MAX_CENTS ? cents : undefined;
}

/** What the server's create and edit take from a checked draft. */
export const kindInput = (d: KindDraft) => ({
  kind: d.kind,
  gender: d.gender,
  price_cents: matchPriceCents(d.price) ?? null,
});

export interface KindErrors {
  price?: string | null;
  me?: string | null;
}

/** Whether the organiser must say « Vous êtes… » in the form: a ruled match, no gender given. */
export const asksOrganiserGender = (
  d: KindDraft,
  profileGender: TPlayerGender | null | undefined,
) => d.gender !== 'ouvert' && !profileGender;

/** The draft's problems, as the fields show them; null when it can be sent. */
export function kindProblems(d: KindDraft, askGender: boolean): KindErrors | null {
  const errors: KindErrors = {};
  if (matchPriceCents(d.price) === undefined) errors.price = COST_TEXT.priceInvalid;
  if (askGender && d.gender !== 'ouvert' && !d.me) errors.me = GENDER_TEXT.playerInvalid;
  return errors.price || errors.me ? errors : null;
}

interface KindFieldsProps {
  value: KindDraft;
  onChange: (draft: KindDraft) => void;
  /** The organiser has no gender in their profile: a ruled match asks « Vous êtes… » here. */
  askGender: boolean;
  errors?: KindErrors | null;
}

/**
 * « Type de match » (Amical / Compétitif), « Qui peut jouer » (Ouvert / Hommes / Femmes / Mixte),
 * and the court's optional total price; « Vous êtes… » when the rule needs the organiser's gender.
 */
export function KindFields({ value, onChange, askGender, errors }: KindFieldsProps) {
  const id = useId();
  const set = (patch: Partial<KindDraft>) => onChange({ ...value, ...patch });
  return (
    <div className="kind-fields">
      <ChoiceGroup legend={KIND_TEXT.label} hint={KIND_TEXT.hint}>
        <RadioChips
          label={KIND_TEXT.label}
          className="kind-chips"
          chipClassName="slot-chip"
          options={MATCH_KINDS}
          value={value.kind}
          onChange={(kind) => set({ kind })}
        >
          {(kind) => KIND_TEXT.names[kind]}
        </RadioChips>
      </ChoiceGroup>
      <ChoiceGroup legend={GENDER_TEXT.label}>
        <RadioChips
          label={GENDER_TEXT.label}
          className="kind-chips"
          chipClassName="slot-chip"
          options={MATCH_GENDERS}
          value={value.gender}
          onChange={(gender) => set({ gender })}
        >
          {(gender) => GENDER_TEXT.names[gender]}
        </RadioChips>
      </ChoiceGroup>
      {askGender && value.gender !== 'ouvert' && (
        <fieldset
          className="choice-group"
          aria-describedby={errors?.me ? `${id}-hint ${id}-error` : `${id}-hint`}
          aria-invalid={errors?.me ? true : undefined}
        >
          <legend className="choice-legend">{GENDER_TEXT.askTitle}</legend>
          <p className="choice-hint" id={`${id}-hint`}>
            {COURT_UI.genderAskHint}
          </p>
          <div className="gender-radios">
            {PLAYER_GENDERS.map((g) => (
              <label key={g} className="check">
                <input
                  type="radio"
                  name={`${id}-me`}
                  value={g}
                  checked={value.me === g}
                  onChange={() => set({ me: g })}
                />
                <span>{GENDER_TEXT.players[g]}</span>
              </label>
            ))}
          </div>
          {errors?.me && (
            <p className="field-error" id={`${id}-error`} role="alert">
              {errors.me}
            </p>
          )}
        </fieldset>
      )}
      <InputField
        label={COST_TEXT.priceLabel}
        inputMode="decimal"
        autoComplete="off"
        value={value.price}
        error={errors?.price}
        onValueChange={(price) => set({ price })}
      />
    </div>
  );
}
