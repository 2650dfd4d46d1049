import {
  DEFAULT_SETTINGS,
  SETTING_KEYS,
  type SettingKey,
  type Settings,
} from '../../common/limits';
import { settings } from '../../db/schema';
import type { Deps } from '../deps';

const isSettingKey = (k: string): k is SettingKey => SETTING_KEYS.some((key) => key === k);

/** The general limits; a missing row falls back to its default so the app never runs without limits. */
export async function getSettings(deps: Pick<Deps, 'db'>): Promise<Settings> {
  const rows = await deps.db.select({ key: settings.key, value: settings.value }).from(settings);
  const out: Settings = { ...DEFAULT_SETTINGS };
  for (const r of rows) if (isSettingKey(r.key)) out[r.key] = r.value;
  return out;
}
