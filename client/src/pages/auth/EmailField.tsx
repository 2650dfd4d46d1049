import { InputField } from '../../components/ui';

interface EmailFieldProps {
  value: string;
  onValueChange: (value: string) => void;
  error: string | null;
}

/** The e-mail field of the authentication steps (login, registration, PIN reset). */
export function EmailField({ value, onValueChange, error }: EmailFieldProps) {
  return (
    <InputField
      label="Email"
      error={error}
      type="email"
      name="email"
      autoComplete="email"
      inputMode="email"
      value={value}
      onValueChange={onValueChange}
    />
  );
}
