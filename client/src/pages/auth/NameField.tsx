import type { FormField } from '../../lib/zod-form';
import { InputField } from '../../components/ui/InputField';

/** The player's name, as the registration steps ("Nom complet") and the profile ("Nom") ask for it. */
export function NameField({ field, label }: { field: FormField<string>; label: string }) {
  return (
    <InputField
      label={label}
      error={field.error}
      name="name"
      autoComplete="name"
      value={field.value}
      onValueChange={field.onValueChange}
      inputRef={field.ref}
    />
  );
}
