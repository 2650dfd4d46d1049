import { dayParts, formatLongDate } from '../../lib/format';
import type { LevelView, PlaceView } from '../../components/matches/types';
import type { FindFilters } from './filters';

interface FilterBarProps {
  filters: FindFilters;
  onChange: (filters: FindFilters) => void;
  days: readonly string[];
  places: readonly PlaceView[];
  levels: readonly LevelView[];
}

/** Day chips, place or city, level, free places only, and the order toggle. */
export function FilterBar({ filters, onChange, days, places, levels }: FilterBarProps) {
  const set = (patch: Partial<FindFilters>) => onChange({ ...filters, ...patch });
  const cities = [...new Set(places.map((p) => p.city))].sort((a, b) => a.localeCompare(b, 'fr'));
  return (
    <section className="card filter-bar" aria-label="Filtres">
      <div className="date-strip filter-days" role="group" aria-label="Jour">
        <button type="button" className="date-chip filter-all-days" aria-pressed={filters.day === ''} onClick={() => set({ day: '' })}>
          Tous les jours
        </button>
        {days.map((date) => {
          const parts = dayParts(date);
          return (
            <button key={date} type="button" className="date-chip" aria-pressed={filters.day === date} onClick={() => set({ day: date })}>
              <span className="visually-hidden">{formatLongDate(date)}</span>
              <span className="date-chip-weekday" aria-hidden="true">
                {parts.weekday}
              </span>
              <span className="date-chip-day" aria-hidden="true">
                {parts.day}
              </span>
              <span className="date-chip-month" aria-hidden="true">
                {parts.month}
              </span>
            </button>
          );
        })}
      </div>

      <div className="filter-fields">
        <div className="field">
          <label className="field-label" htmlFor="filter-where">
            Lieu ou ville
          </label>
          <select id="filter-where" className="select" value={filters.where} onChange={(e) => set({ where: e.target.value })}>
            <option value="">Tous les lieux</option>
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
          <select id="filter-level" className="select" value={filters.level} onChange={(e) => set({ level: e.target.value })}>
            <option value="">Tous les niveaux</option>
            {levels.map((l) => (
              <option key={l.niveau} value={l.niveau}>
                {l.niveau} — {l.label}
              </option>
            ))}
          </select>
        </div>
        <label className="filter-check">
          <input type="checkbox" checked={filters.available} onChange={(e) => set({ available: e.target.checked })} />
          Places libres uniquement
        </label>
      </div>

      <div className="filter-order" role="group" aria-label="Ordre">
        <button type="button" className="slot-chip" aria-pressed={filters.order === 'date'} onClick={() => set({ order: 'date' })}>
          Les plus proches
        </button>
        <button type="button" className="slot-chip" aria-pressed={filters.order === 'need'} onClick={() => set({ order: 'need' })}>
          Ceux qui ont besoin de vous
        </button>
      </div>
    </section>
  );
}
