import { DayChipLabel } from '../../components/matches/DayChipLabel';
import { RadioChips } from '../../components/matches/RadioChips';
import type { LevelView, PlaceView } from '../../components/matches/types';
import type { FindFilters } from './filters';

/** The day filter's value for every day. */
const ALL_DAYS = '';
const ORDERS = ['date', 'need'] as const satisfies readonly FindFilters['order'][];

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
      <RadioChips
        label="Jour"
        className="date-strip filter-days"
        chipClassName={(day) => (day === ALL_DAYS ? 'date-chip filter-all-days' : 'date-chip')}
        options={[ALL_DAYS, ...days]}
        value={filters.day}
        onChange={(day) => set({ day })}
      >
        {(day) => (day === ALL_DAYS ? 'Tous les jours' : <DayChipLabel date={day} />)}
      </RadioChips>

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

      <RadioChips
        label="Ordre"
        className="filter-order"
        chipClassName="slot-chip"
        options={ORDERS}
        value={filters.order}
        onChange={(order) => set({ order })}
      >
        {(order) => (order === 'need' ? 'Ceux qui ont besoin de vous' : 'Les plus proches')}
      </RadioChips>
    </section>
  );
}
