import { useState } from 'react';
import { Button } from '../ui';

interface ShareButtonProps {
  matchId: number;
  /** A private match's link token (issue 25): its link is `/m/<token>`, never its id. */
  token?: string | null;
  /** The text a chat app shows with the link. */
  title: string;
  onShared: (message: string) => void;
}

/**
 * "Partager": the phone's share sheet when the browser has one (Web Share API), else the public
 * link `/m/:id` copied to the clipboard; when even that is refused, the link is shown to copy by hand.
 */
export function ShareButton({ matchId, token, title, onShared }: ShareButtonProps) {
  const url = `${window.location.origin}/m/${token ?? matchId}`;
  const [shown, setShown] = useState(false);
  const share = async () => {
    if (typeof navigator.share === 'function') {
      try {
        await navigator.share({ title, text: title, url });
        return;
      } catch (err) {
        // The player closed the share sheet: nothing to do.
        if (err instanceof DOMException && err.name === 'AbortError') return;
      }
    }
    try {
      await navigator.clipboard.writeText(url);
      onShared('Lien du match copié : collez-le dans votre groupe.');
    } catch {
      setShown(true);
    }
  };
  return (
    <>
      <Button variant="secondary" onClick={() => void share()}>
        Partager
      </Button>
      {shown && (
        <input
          className="input share-link"
          readOnly
          value={url}
          aria-label="Lien du match à copier"
          onFocus={(e) => e.target.select()}
        />
      )}
    </>
  );
}
