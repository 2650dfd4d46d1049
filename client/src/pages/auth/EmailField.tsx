import type { FormField } from '../../lib/zod-form';
import { InputField } from '../../components/ui/InputField';

/** The e-mail field of the authentication steps (login, registration, PIN reset). */
export function EmailField({ field }: { field: FormField<string> }) {
  return (
    <InputField
      label="Email"
      error={field.error}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={field.value}
      onValueChange={field.onValueChange}
      inputRef={field.ref}
    />
  );
}
