import { DEFAULT_LEVELS } from '../../../../common/levels';
import { DEFAULT_LEVEL_COLOUR } from '../../../../common/limits';
import type { LevelView } from './types';

const HEX = /^#([0-9a-f]{6})$/i;

function luminance(hex: string): number {
  const n = Number.parseInt(hex.slice(1), 16);
  const channel = (c: number) => {
    const s = c / 255;
    return s <= 0.03928 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return (
    0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255)
  );
}

/**
 * Black or white, whichever reads better on the level's colour. One of the two always reaches at
 * least 4.58:1 (WCAG AA), whatever colour an admin picks.
 */
export function textOn(background: string): '#000000' | '#ffffff' {
  const bg = HEX.test(background) ? background : DEFAULT_LEVEL_COLOUR;
  const l = luminance(bg);
  const onBlack = (l + 0.05) / 0.05;
  const onWhite = 1.05 / (l + 0.05);
  return onBlack >= onWhite ? '#000000' : '#ffffff';
}

/** The colour of a level by name: the catalogue, else the default levels, else the default colour. */
export function levelColour(niveau: string, catalogue: readonly LevelView[] | undefined): string {
  const found =
    catalogue?.find((l) => l.niveau === niveau) ?? DEFAULT_LEVELS.find((l) => l.niveau === niveau);
  return found && HEX.test(found.couleur) ? found.couleur : DEFAULT_LEVEL_COLOUR;
}

export function levelLabel(
  niveau: string,
  catalogue: readonly LevelView[] | undefined,
): string | undefined {
  return (
    catalogue?.find((l) => l.niveau === niveau)?.label ??
    DEFAULT_LEVELS.find((l) => l.niveau === niveau)?.label
  );
}
