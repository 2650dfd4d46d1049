export interface AvatarProps {
  name: string;
  photo: string | null | undefined;
  className?: string;
}

const initialsOf = (name: string) =>
  name
    .trim()
    .split(/\s+/)
    .slice(0, 2)
    .map((part) => part.charAt(0).toUpperCase())
    .join('') || '?';

/** The user's photo, or their initials on the primary colour; decorative next to the name. */
export function Avatar({ name, photo, className }: AvatarProps) {
  const classes = ['avatar', className ?? ''].filter(Boolean).join(' ');
  if (photo) return <img className={classes} src={photo} alt="" />;
  return (
    <span className={classes} aria-hidden="true">
      {initialsOf(name)}
    </span>
  );
}
