import { DEFAULT_LEVEL_COLOUR } from './limits';

export interface LevelDefinition {
  niveau: string;
  label: string;
  description: string;
  couleur: string;
  ordre: number;
}

/** Niveau 1–8, seeded when none exist and offered by the admin screen when loading fails. */
export const DEFAULT_LEVELS: readonly LevelDefinition[] = [
  {
    niveau: 'Niveau 1',
    label: 'Découverte',
    couleur: '#4CAF50',
    description:
      'Premiers pas sur un terrain de padel : on apprend les règles, la prise de raquette et les échanges simples.',
  },
  {
    niveau: 'Niveau 2',
    label: 'Initié',
    couleur: '#8BC34A',
    description:
      'Coups de base maîtrisés en situation facile ; on commence à jouer des matchs et à utiliser les vitres.',
  },
  {
    niveau: 'Niveau 3',
    label: 'Intermédiaire bas',
    couleur: '#CDDC39',
    description:
      'Échanges réguliers en fond de court, premières volées ; le placement en double se met en place.',
  },
  {
    niveau: 'Niveau 4',
    label: 'Intermédiaire confirmé',
    couleur: '#FFC107',
    description:
      'Jeu régulier des deux côtés, sorties de vitre simples, montées au filet et lob défensif.',
  },
  {
    niveau: 'Niveau 5',
    label: 'Intermédiaire avancé',
    couleur: '#FF9800',
    description:
      'Bandeja maîtrisée, variations de rythme et d’effets, bonne lecture du jeu adverse.',
  },
  {
    niveau: 'Niveau 6',
    label: 'Joueur avancé',
    couleur: '#FF5722',
    description: 'Vibora et smashs variés, jeu tactique construit ; habitué des tournois de club.',
  },
  {
    niveau: 'Niveau 7',
    label: 'Compétiteur',
    couleur: '#E91E63',
    description:
      'Joueur de compétition classé : régularité sous pression, coups décisifs et stratégie de paire.',
  },
  {
    niveau: 'Niveau 8',
    label: 'Expert',
    couleur: '#9C27B0',
    description:
      'Niveau national ou professionnel : maîtrise complète de tous les coups et du jeu en paire.',
  },
].map((l, i) => ({ ...l, ordre: i + 1, couleur: l.couleur || DEFAULT_LEVEL_COLOUR }));
