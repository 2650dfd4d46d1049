import { GenderFirstDialog, type GenderFirstDialogProps } from './GenderFirstDialog';
import { LevelFirstDialog, type LevelFirstDialogProps } from './LevelFirstDialog';
import { RequestDialog, type RequestDialogProps } from './RequestDialog';

export interface JoinDialogsProps {
  gender: GenderFirstDialogProps;
  level: LevelFirstDialogProps;
  request: RequestDialogProps;
}

/** The dialogs a list's cards open on the way into a match (from useJoinMatch). */
export function JoinDialogs({ gender, level, request }: JoinDialogsProps) {
  return (
    <>
      <GenderFirstDialog {...gender} />
      <LevelFirstDialog {...level} />
      <RequestDialog {...request} />
    </>
  );
}
