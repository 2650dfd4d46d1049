/**
 * WhatsApp's documented click-to-chat links (https://faq.whatsapp.com/5913398998672934): they open
 * the app on a phone and WhatsApp Web elsewhere, with no account or API key.
 */

/** A message to send to a chat the player picks: the text, then the link on its own line. */
export const whatsappShareUrl = (text: string, link: string) =>
  `https://wa.me/?text=${encodeURIComponent(`${text}\n${link}`)}`;

/** A chat with one number, given in E.164 (`+33612345678`): wa.me wants the digits only. */
export const whatsappChatUrl = (phone: string) => `https://wa.me/${phone.replace(/\D/g, '')}`;
