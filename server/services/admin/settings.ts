import { sql } from 'drizzle-orm';
import {
  SETTING_DESCRIPTIONS,
  SETTING_KEYS,
  SETTING_MAX,
  type SettingKey,
} from '../../../common/limits';
import { MSG } from '../../../common/messages';
import { settings } from '../../../db/schema';
import type { Deps } from '../../deps';
import type { SessionUser } from '../../lib/auth';
import { badRequest, firstZodMessage } from '../../lib/errors';
import {
  ZSaveSomeSettingsInput,
  type TActionResult,
  type TAdminSetting,
  type TSaveSomeSettingsInput,
} from '../../../common/schemas/admin';
import { getSettings } from '../settings';
import { writeAudit } from '../audit/audit-log';

/** Each general limit with its description and upper bound, in the spec's order. */
export async function getAdminSettings(
  deps: Pick<Deps, 'db'>,
  _actor: SessionUser,
): Promise<TAdminSetting[]> {
  const values = await getSettings(deps);
  return SETTING_KEYS.map((key) => ({
    key,
    value: values[key],
    description: SETTING_DESCRIPTIONS[key],
    max: SETTING_MAX[key],
  }));
}

/**
 * Saves the general limits given (each an integer from 1 to its max: 10, or 12 for months_ahead).
 * The bounds are checked again here with the same schema (not only at the transport), because
 * these numbers drive the create-match form and its server-side checks for every player.
 */
export async function saveAdminSettings(
  deps: Pick<Deps, 'db' | 'clock'>,
  actor: SessionUser,
  input: TSaveSomeSettingsInput,
): Promise<TActionResult> {
  const checked = ZSaveSomeSettingsInput.safeParse(input);
  if (!checked.success) throw badRequest(firstZodMessage(checked.error));
  const values = checked.data;
  const entries = SETTING_KEYS.flatMap((key): [SettingKey, number][] =>
    values[key] === undefined ? [] : [[key, values[key]]],
  );
  if (entries.length === 0) return { success: true, message: MSG.admin.settingsUpdated };
  const before = await getSettings(deps);
  const now = deps.clock.now();
  await deps.db.transaction(async (tx) => {
    await tx
      .insert(settings)
      .values(
        entries.map(([key, value]) => ({
          key,
          value,
          description: SETTING_DESCRIPTIONS[key],
          updatedAt: now,
        })),
      )
      .onConflictDoUpdate({
        target: settings.key,
        set: { value: sql`excluded.value`, updatedAt: now },
      });
    const changed = Object.fromEntries(entries.filter(([key, value]) => before[key] !== value));
    if (Object.keys(changed).length > 0)
      await writeAudit(tx, deps, actor, { action: 'update', entity: 'settings', details: changed });
  });
  return { success: true, message: MSG.admin.settingsUpdated };
}
