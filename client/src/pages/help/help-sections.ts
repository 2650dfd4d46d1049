/**
 * The help page's text: how the app actually behaves, in a player's words. Kept beside the page so
 * a change of rule and its explanation are reviewed together.
 */
export const HELP_SECTIONS: readonly { title: string; paragraphs: readonly string[] }[] = [
  {
    title: 'Les matchs',
    paragraphs: [
      'Dans « Trouver un match », choisissez un match à votre niveau et touchez « Rejoindre » : la place est à vous tout de suite. « Créer un match » propose un lieu, une date, une heure, le nombre de places à pourvoir et les niveaux attendus.',
      'L’organisateur modifie ou supprime son match et peut retirer un joueur, avec un motif facultatif : le joueur est prévenu et la page du match le lui dit. Vous pouvez quitter un match à venir ; votre place est libérée pour un autre joueur.',
    ],
  },
  {
    title: 'Les niveaux',
    paragraphs: [
      'Les niveaux vont de Niveau 1 (Découverte) à Niveau 8 (Expert). Choisissez le vôtre dans Mon Profil. Un match hors de votre niveau affiche « Demander à rejoindre » : l’organisateur accepte ou refuse votre demande, sauf s’il a ouvert son match à tous les niveaux.',
    ],
  },
  {
    title: 'La liste d’attente',
    paragraphs: [
      'Un match complet propose « Rejoindre la liste d’attente ». Dès qu’une place se libère, elle va au premier joueur de la liste, qui est prévenu. Votre rang s’affiche sur la page du match.',
    ],
  },
  {
    title: 'Les matchs privés',
    paragraphs: [
      'Un match privé n’apparaît dans aucune liste. Seuls ceux qui ont son lien de partage, ses joueurs et, pour un match réservé à un groupe, les membres du groupe peuvent l’ouvrir.',
    ],
  },
  {
    title: 'Les résultats',
    paragraphs: [
      'Une fois le match commencé, un joueur saisit les équipes et le score. L’équipe adverse confirme ou conteste avec un motif ; sans réponse, le résultat compte automatiquement au bout de 48 h. Seuls les matchs compétitifs font évoluer la note de niveau des joueurs ; un match amical ne compte pas.',
    ],
  },
  {
    title: 'Les groupes et les sondages',
    paragraphs: [
      'Un groupe réunit des joueurs qui jouent ensemble : on y entre par son lien d’invitation. Ses membres y voient les matchs du groupe, les créneaux de chaque semaine et discutent entre eux.',
      'Un sondage propose plusieurs créneaux : chacun répond « oui », « non » ou « peut-être ». Quand assez de membres ont dit « oui » pour un créneau, le match est créé avec eux ; sinon le sondage se clôt à la date prévue.',
    ],
  },
  {
    title: 'Vos données',
    paragraphs: [
      'Les autres joueurs vous voient sous la forme « Prénom N. ». Votre téléphone et votre photo ne sont montrés qu’aux joueurs de vos matchs. Votre e-mail n’est jamais affiché.',
      'Dans Mon Profil, choisissez les notifications que vous recevez (e-mail, SMS, notifications), téléchargez vos données ou supprimez votre compte.',
    ],
  },
];
