/**
 * French typography for displayed text: a narrow no-break space (U+202F) before « ! ? ; », a
 * no-break space (U+00A0) before « : » and inside « guillemets », so the sign never starts a line
 * on its own. Only an existing ordinary space is replaced: "18:30", "https://…" and "!" glued to a
 * word are left alone. Idempotent.
 */
export const NARROW_NBSP = '\u202f';
export const NBSP = '\u00a0';

export function frenchTypography(text: string): string {
  return text
    .replace(/ +([!?;])/g, `${NARROW_NBSP}$1`)
    .replace(/ +:/g, `${NBSP}:`)
    .replace(/« +/g, `«${NBSP}`)
    .replace(/ +»/g, `${NBSP}»`);
}

/**
 * « de » before a first name, elided before a vowel sound: « de Paul », « d’Olga », « d’Émile ».
 * An initial h is left alone: whether it is mute depends on the name (« d’Hélène », « de Hugo »).
 */
export function deName(name: string): string {
  return /^[aeiouyàâäéèêëîïôöùûüÿæœ]/i.test(name) ? `d’${name}` : `de ${name}`;
}

const MEGABYTE = 1024 * 1024;
const moFormats = new Map<number, Intl.NumberFormat>();

/**
 * A size in French units with a decimal comma: « 12,00 Mo » (two decimals, for a measured size),
 * « 5 Mo » (`decimals` 0, for a limit). Binary megabytes, as the limits count them. Server and
 * browser use it alike, so the same size reads the same in both error messages.
 */
export function megabytesFr(bytes: number, decimals = 2): string {
  let format = moFormats.get(decimals);
  if (!format) {
    format = new Intl.NumberFormat('fr-FR', {
      minimumFractionDigits: decimals,
      maximumFractionDigits: decimals,
      useGrouping: false,
    });
    moFormats.set(decimals, format);
  }
  return `${format.format(bytes / MEGABYTE)}${NBSP}Mo`;
}
