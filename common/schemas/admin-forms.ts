import { z } from 'zod';
import { MSG } from '../messages';
import {
  ZAdminUpdateUserInput,
  ZCreateLevelInput,
  ZSaveSettingsInput,
  ZSmtpSaveInput,
  ZSmtpTestInput,
} from './admin';
import { safeText } from './primitives';

/**
 * The admin forms as the admin types them (spec section 5), for the client's `useZodForm`: the
 * same rules and French messages as the inputs in `admin.ts`, read from text fields. Each form
 * turns its values into the API input with the functions below, so the form and its check agree.
 */

/** A number typed in a text field; blank is no number, so the rule answers with its "required" message. */
export const typedNumber = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));
const numberField = <S extends z.ZodType<number, number>>(rule: S) =>
  z.string().transform(typedNumber).pipe(rule);

/** An optional text left blank in a form: absent for the API (an e-mail left blank stays unchanged). */
export const blankAsAbsent = (text: string) => (text.trim() === '' ? undefined : text);

export const ZLevelForm = ZCreateLevelInput.extend({
  ordre: numberField(ZCreateLevelInput.shape.ordre),
});
export type TLevelForm = z.input<typeof ZLevelForm>;

/** The user edit form; the id is the edited user's, not a field. */
export const ZAdminUserForm = ZAdminUpdateUserInput.omit({ id: true }).extend({
  email: z.string().transform(blankAsAbsent).pipe(ZAdminUpdateUserInput.shape.email),
});
export type TAdminUserForm = z.input<typeof ZAdminUserForm>;

const { port, password, from_email, from_name } = ZSmtpSaveInput.shape;
/** The SMTP form: the port as typed, and a password required until one is stored (blank then keeps it). */
export const smtpFormSchema = (hasPassword: boolean) =>
  ZSmtpSaveInput.extend({
    port: numberField(port),
    password: hasPassword ? password.unwrap() : safeText().min(1, MSG.admin.smtpFieldsRequired),
    // A text field always holds a text: the API's "absent" is blank here.
    from_email: from_email.unwrap().unwrap(),
    from_name: from_name.unwrap().unwrap(),
  });
export type TSmtpForm = z.input<ReturnType<typeof smtpFormSchema>>;

/** The SMTP form's values as `admin.smtp.save` (and a test of unsaved settings) takes them. */
export const smtpInputOf = (values: TSmtpForm) => ({
  ...values,
  port: typedNumber(values.port),
  password: values.password || undefined,
});

/** The SMTP test form: the address the test mail goes to. */
export const ZSmtpTestForm = ZSmtpTestInput.pick({ email: true });

const { max_places, max_levels_selection, months_ahead } = ZSaveSettingsInput.shape;
export const ZSettingsForm = z.object({
  max_places: numberField(max_places),
  max_levels_selection: numberField(max_levels_selection),
  months_ahead: numberField(months_ahead),
});
export type TSettingsForm = z.input<typeof ZSettingsForm>;
