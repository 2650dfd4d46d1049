import { MSG } from '../../../../common/messages';
import { whatsappChatUrl } from '../../lib/whatsapp';

/**
 * A co-player's phone as a call link and a WhatsApp chat (only co-players ever get a phone, so
 * whoever sees this may use it). `kind` names the classes of the screen it sits in.
 */
export function PhoneLinks({
  phone,
  name,
  kind,
}: {
  phone: string;
  name: string;
  kind: 'participant' | 'player';
}) {
  return (
    <span className={`${kind}-contact`}>
      <a className={`${kind}-phone`} href={`tel:${phone}`} title={MSG.matchPage.callPlayer(name)}>
        {phone}
      </a>
      <a
        className={`${kind}-whatsapp`}
        href={whatsappChatUrl(phone)}
        target="_blank"
        rel="noopener noreferrer"
        aria-label={MSG.matchPage.whatsappPlayer(name)}
      >
        {MSG.matchPage.whatsapp}
      </a>
    </span>
  );
}
