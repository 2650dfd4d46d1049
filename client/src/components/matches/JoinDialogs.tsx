import { LevelFirstDialog, type LevelFirstDialogProps } from './LevelFirstDialog';
import { RequestDialog, type RequestDialogProps } from './RequestDialog';

export interface JoinDialogsProps {
  level: LevelFirstDialogProps;
  request: RequestDialogProps;
}

/** The dialogs a list's cards open on the way into a match (from useJoinMatch). */
export function JoinDialogs({ level, request }: JoinDialogsProps) {
  return (
    <>
      <LevelFirstDialog {...level} />
      <RequestDialog {...request} />
    </>
  );
}
