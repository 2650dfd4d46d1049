import { useId, type ReactNode } from 'react';

export interface TitledCardProps {
  title: ReactNode;
  /** `aside` for content beside the page's subject (tips); `section` otherwise. */
  as?: 'section' | 'aside';
  className?: string;
  titleClassName?: string;
  children: ReactNode;
}

/** A card named by its level-2 heading (the heading is its accessible name). */
export function TitledCard({
  title,
  as: Tag = 'section',
  className,
  titleClassName = 'section-title',
  children,
}: TitledCardProps) {
  const titleId = useId();
  return (
    <Tag className={className ? `card ${className}` : 'card'} aria-labelledby={titleId}>
      <h2 className={titleClassName} id={titleId}>
        {title}
      </h2>
      {children}
    </Tag>
  );
}
