import { useEffect, useRef, useState } from 'react';
import { MSG } from '../../../../common/messages';
import {
  GENDER_TEXT,
  KIND_TEXT,
  MATCH_GENDERS,
  MATCH_KINDS,
} from '../../../../common/messages-court';
import { DayChipLabel } from '../../components/matches/DayChipLabel';
import { RadioChips } from '../../components/matches/RadioChips';
import type { LevelView, PlaceView } from '../../components/matches/types';
import { Button, Modal } from '../../components/ui';
import { dayParts } from '../../lib/format';
import { activeFilterCount, EMPTY_FILTERS, type FindFilters } from './filters';

/** The day filter's value for every day. */
const ALL_DAYS = '';
const ORDERS = ['date', 'need'] as const satisfies readonly FindFilters['order'][];
type Target = 'day' | 'where' | 'level' | 'all';

interface FilterBarProps {
  filters: FindFilters;
  onChange: (filters: FindFilters) => void;
  days: readonly string[];
  places: readonly PlaceView[];
  levels: readonly LevelView[];
}

/** "sam. 28 nov." for a chosen day. */
function shortDay(day: string): string {
  const p = dayParts(day);
  return [p.weekday, p.day, p.month].filter(Boolean).join(' ');
}

function whereLabel(where: string, places: readonly PlaceView[]): string {
  const [kind, value = ''] = where.split(/:(.*)/s);
  if (kind === 'city' && value) return value;
  if (kind === 'place')
    return places.find((p) => p.id === Number(value))?.name ?? MSG.find.everywhere;
  return MSG.find.everywhere;
}

/**
 * The find filters folded into one row of chips (day, level, place, "Filtres (n)") so the matches
 * start on a phone's first screen; any chip opens the sheet with every filter, applied as it changes.
 */
export function FilterBar({ filters, onChange, days, places, levels }: FilterBarProps) {
  const [open, setOpen] = useState<Target | null>(null);
  const sheet = useRef<HTMLDivElement>(null);
  const set = (patch: Partial<FindFilters>) => onChange({ ...filters, ...patch });
  const cities = [...new Set(places.map((p) => p.city))].sort((a, b) => a.localeCompare(b, 'fr'));

  // Runs after the sheet's own focus move: the chip's own field takes the focus.
  useEffect(() => {
    if (!open || open === 'all') return;
    const node = sheet.current;
    const field =
      open === 'day'
        ? node?.querySelector<HTMLElement>('.filter-days [aria-checked="true"]')
        : node?.querySelector<HTMLElement>(open === 'where' ? '#filter-where' : '#filter-level');
    field?.focus();
  }, [open]);

  const chip = (target: Target, text: string, active: boolean) => (
    <button
      type="button"
      className={active ? 'filter-chip is-active' : 'filter-chip'}
      aria-haspopup="dialog"
      onClick={() => setOpen(target)}
    >
      {text}
    </button>
  );

  return (
    <>
      <div className="filter-chips" role="group" aria-label={MSG.find.filters}>
        {chip('day', filters.day ? shortDay(filters.day) : MSG.find.allDays, filters.day !== '')}
        {chip('level', filters.level || MSG.find.allLevels, filters.level !== '')}
        {chip('where', whereLabel(filters.where, places), filters.where !== '')}
        {chip('all', MSG.find.filtersCount(activeFilterCount(filters)), filters.order !== 'date')}
      </div>

      <Modal
        title={MSG.find.filters}
        open={open !== null}
        onClose={() => setOpen(null)}
        className="filter-sheet"
      >
        <div ref={sheet} className="filter-sheet-body">
          <RadioChips
            label="Jour"
            className="date-strip filter-days"
            chipClassName={(day) => (day === ALL_DAYS ? 'date-chip filter-all-days' : 'date-chip')}
            options={[ALL_DAYS, ...days]}
            value={filters.day}
            onChange={(day) => set({ day })}
          >
            {(day) => (day === ALL_DAYS ? MSG.find.allDays : <DayChipLabel date={day} />)}
          </RadioChips>

          <div className="field">
            <label className="field-label" htmlFor="filter-where">
              Lieu ou ville
            </label>
            <select
              id="filter-where"
              className="select"
              value={filters.where}
              onChange={(e) => set({ where: e.target.value })}
            >
              <option value="">{MSG.find.everywhere}</option>
              {cities.map((city) => (
                <optgroup key={city} label={city}>
                  <option value={`city:${city}`}>Toute la ville : {city}</option>
                  {places
                    .filter((p) => p.city === city)
                    .map((p) => (
                      <option key={p.id} value={`place:${p.id}`}>
                        {p.name}
                      </option>
                    ))}
                </optgroup>
              ))}
            </select>
          </div>
          <div className="field">
            <label className="field-label" htmlFor="filter-level">
              Niveau
            </label>
            <select
              id="filter-level"
              className="select"
              value={filters.level}
              onChange={(e) => set({ level: e.target.value })}
            >
              <option value="">{MSG.find.allLevels}</option>
              {levels.map((l) => (
                <option key={l.niveau} value={l.niveau}>
                  {l.niveau} — {l.label}
                </option>
              ))}
            </select>
          </div>
          <div className="filter-pair">
            <div className="field">
              <label className="field-label" htmlFor="filter-kind">
                {KIND_TEXT.label}
              </label>
              <select
                id="filter-kind"
                className="select"
                value={filters.kind}
                onChange={(e) => set({ kind: MATCH_KINDS.find((k) => k === e.target.value) ?? '' })}
              >
                <option value="">{KIND_TEXT.filterAll}</option>
                {MATCH_KINDS.map((k) => (
                  <option key={k} value={k}>
                    {KIND_TEXT.names[k]}
                  </option>
                ))}
              </select>
            </div>
            <div className="field">
              <label className="field-label" htmlFor="filter-gender">
                {GENDER_TEXT.label}
              </label>
              <select
                id="filter-gender"
                className="select"
                value={filters.gender}
                onChange={(e) =>
                  set({ gender: MATCH_GENDERS.find((g) => g === e.target.value) ?? '' })
                }
              >
                <option value="">{GENDER_TEXT.filterAll}</option>
                {MATCH_GENDERS.map((g) => (
                  <option key={g} value={g}>
                    {GENDER_TEXT.names[g]}
                  </option>
                ))}
              </select>
            </div>
          </div>
          <label className="filter-check">
            <input
              type="checkbox"
              checked={filters.available}
              onChange={(e) => set({ available: e.target.checked })}
            />
            Places libres uniquement
          </label>

          <div className="filter-order-field">
            <span className="field-label" aria-hidden="true">
              Ordre
            </span>
            <RadioChips
              label="Ordre"
              className="filter-order"
              chipClassName="slot-chip"
              options={ORDERS}
              value={filters.order}
              onChange={(order) => set({ order })}
            >
              {(order) => (order === 'need' ? MSG.find.orderNeed : MSG.find.orderDate)}
            </RadioChips>
            <p className="field-hint">{MSG.find.orderHint}</p>
          </div>
        </div>
        <div className="filter-sheet-foot">
          <Button
            variant="secondary"
            onClick={() => onChange({ ...EMPTY_FILTERS, order: filters.order })}
          >
            {MSG.find.clear}
          </Button>
          <Button onClick={() => setOpen(null)}>{MSG.find.showMatches}</Button>
        </div>
      </Modal>
    </>
  );
}
