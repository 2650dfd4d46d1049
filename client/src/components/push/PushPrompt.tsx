import { useEffect, useState } from 'react';
import { MSG } from '../../../../common/messages';
import { enablePush, PUSH_OFFER_EVENT, rememberPushAsked, shouldOfferPush } from '../../lib/push';
import { Button, Modal, Notice } from '../ui';
import { outcomeMessage } from './outcome';
import { usePushServer } from './usePushServer';

/**
 * "Être prévenu sur ce téléphone ?", offered once, right after the player's first successful join
 * or create (the moment a notice is worth something), never on page load. Asking the browser's
 * permission waits for "Oui": a refused browser prompt can rarely be asked again.
 */
export function PushPrompt() {
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ReturnType<typeof outcomeMessage>>(null);
  const server = usePushServer();

  useEffect(() => {
    const show = () => {
      if (shouldOfferPush()) setOpen(true);
    };
    window.addEventListener(PUSH_OFFER_EVENT, show);
    return () => window.removeEventListener(PUSH_OFFER_EVENT, show);
  }, []);

  const close = () => {
    setOpen(false);
    setResult(null);
  };
  const refuse = () => {
    rememberPushAsked();
    close();
  };
  const accept = async () => {
    rememberPushAsked();
    setBusy(true);
    try {
      const message = outcomeMessage(await enablePush(server));
      if (message) setResult(message);
      else close();
    } finally {
      setBusy(false);
    }
  };

  return (
    <Modal
      title={MSG.push.promptTitle}
      open={open}
      onClose={result ? close : refuse}
      footer={
        result ? (
          <Button onClick={close}>{MSG.push.promptDone}</Button>
        ) : (
          <>
            <Button variant="secondary" onClick={refuse} disabled={busy}>
              {MSG.push.promptRefuse}
            </Button>
            <Button onClick={() => void accept()} loading={busy}>
              {MSG.push.promptAccept}
            </Button>
          </>
        )
      }
    >
      {result ? (
        <Notice kind={result.kind} message={result.text} persistent />
      ) : (
        <p>{MSG.push.promptText}</p>
      )}
    </Modal>
  );
}
