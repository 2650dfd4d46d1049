import { TitledCard } from '../../components/ui';
const TIPS = [
  'Jouez régulièrement avec des joueurs de votre niveau, ou d’un niveau juste au-dessus, pour progresser.',
  'Variez vos partenaires : chaque paire vous apprend quelque chose de nouveau.',
  'Gardez votre niveau à jour : il aide les autres joueurs à composer des matchs équilibrés.',
  'Ajoutez une photo pour que vos partenaires vous reconnaissent sur le terrain.',
];

export function TipsBox() {
  return (
    <TitledCard as="aside" title="Conseils" className="tips" titleClassName="tips-title">
      <ul className="tips-list">
        {TIPS.map((tip) => (
          <li key={tip}>{tip}</li>
        ))}
      </ul>
    </TitledCard>
  );
}
