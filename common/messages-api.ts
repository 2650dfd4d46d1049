/**
 * The French texts of API v2, its keys and webhooks. Apart from `messages.ts` on purpose: that
 * module is in every player's initial JS, and these texts are only for integrators and the admin.
 */
export const MSG_API = {
  keyRequired:
    'Clé d’API requise : envoyez « Authorization: Bearer pm_live_… » (clé créée par un administrateur).',
  keyInvalid: 'Clé d’API invalide ou révoquée.',
  scopeMissing: (scope: string) => `Cette clé d’API n’a pas le droit « ${scope} ».`,
  rateLimited: (seconds: number) =>
    `Trop de requêtes pour cette clé d’API. Réessayez dans ${seconds} s.`,
  keyNameInvalid: 'Donnez à la clé un nom de 1 à 100 caractères.',
  scopesInvalid:
    'Choisissez au moins un droit parmi matches:read, matches:write, webhooks et evenings:read.',
  serviceAccountInvalid: 'Compte de service introuvable.',
  keyNotFound: 'Clé d’API introuvable.',
  keyRevoked: 'Clé d’API révoquée.',
  urlInvalid: 'Adresse du webhook invalide : une URL http(s) complète est attendue.',
  urlHttpsOnly: 'En production, l’adresse du webhook doit être en https.',
  urlPrivate: 'Adresse du webhook refusée : elle mène à une adresse privée, locale ou réservée.',
  urlUnresolved: 'Adresse du webhook refusée : le nom de domaine ne répond pas.',
  eventsInvalid: 'Choisissez au moins un événement parmi ceux proposés.',
  webhookNotFound: 'Webhook introuvable.',
  deliveryNotFound: 'Livraison introuvable.',
  cursorInvalid: 'Curseur de pagination invalide.',
  disabledSubject: 'Padel Match : webhook désactivé',
  disabledBody: (url: string, failures: number) =>
    `Le webhook ${url} a été désactivé après ${failures} échecs de livraison consécutifs. Corrigez le récepteur puis réactivez-le ou rejouez les livraisons depuis l’onglet API de l’administration.`,
} as const;
