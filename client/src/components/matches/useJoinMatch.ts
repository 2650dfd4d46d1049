import { useState } from 'react';
import { useAuth } from '../../lib/auth';
import { MSG } from '../../../../common/messages';
import { GENDER_TEXT } from '../../../../common/messages-court';
import { errorMessage } from '../../lib/errors';
import { useMatchCache } from '../../lib/match-cache';
import { offerPush } from '../../lib/push';
import { useSingleFlight } from '../../lib/single-flight';
import { trpc } from '../../lib/trpc';
import type { JoinDialogsProps } from './JoinDialogs';
import { mustAskToJoin, needsGenderFirst, needsLevelFirst } from './join-level';
import type { MatchView } from './types';
import { useNotice } from './useNotice';

/**
 * The way into a match from a list's cards, as on its page: "Rejoindre" joins (remembering which
 * card is joining, so its button reads 'Inscription...'), "Demander à rejoindre" opens the request
 * dialog (issue 25), and a player with no level sets theirs first, which then decides between the
 * two. A player with no gender joining a « Hommes », « Femmes » or « Mixte » match gives it first
 * (issue 42), as when the server answers that it needs it. Outcomes show as the screen's notice (server text, else the spec's fallback), and every
 * screen that shows the match is updated. Render `dialogs` with JoinDialogs.
 */
export function useJoinMatch() {
  const { user } = useAuth();
  const cache = useMatchCache();
  const notice = useNotice();
  const [joiningId, setJoiningId] = useState<number | null>(null);
  const [levelFor, setLevelFor] = useState<MatchView | null>(null);
  const [askFor, setAskFor] = useState<MatchView | null>(null);
  const [genderFor, setGenderFor] = useState<MatchView | null>(null);
  const join = trpc.matches.join.useMutation();
  const request = trpc.matches.request.useMutation();
  const once = useSingleFlight();

  const joinNow = (match: MatchView) =>
    once(async () => {
      setJoiningId(match.id);
      try {
        const result = await join.mutateAsync({ id: match.id });
        cache.joined(result.match);
        notice.success(MSG.match.joined);
        offerPush();
      } catch (err) {
        cache.participationFailed(match.id);
        const message = errorMessage(err, MSG.match.joinFailed);
        if (message === GENDER_TEXT.needed) setGenderFor(match);
        else notice.error(message);
      } finally {
        setJoiningId(null);
      }
    });

  const ask = (match: MatchView, message: string | undefined) =>
    once(async () => {
      try {
        const result = await request.mutateAsync({
          id: match.id,
          ...(message ? { message } : {}),
        });
        cache.requested(match.id);
        notice.success(result.message);
      } catch (err) {
        // Refused (the match filled, a request already waits…): the card was out of date.
        cache.participationFailed(match.id);
        notice.error(errorMessage(err, MSG.room.requestFailed));
      } finally {
        setAskFor(null);
      }
    });

  /** The level next (a player with none sets it first), then the join. */
  const levelThenJoin = (match: MatchView, level: string | null | undefined) =>
    needsLevelFirst(match, level) ? setLevelFor(match) : joinNow(match);

  const dialogs: JoinDialogsProps = {
    gender: {
      open: genderFor !== null,
      onConfirm: () => {
        setGenderFor(null);
        if (genderFor) levelThenJoin(genderFor, user?.level);
      },
      onCancel: () => setGenderFor(null),
    },
    level: {
      levels: levelFor?.levels ?? null,
      onConfirm: (level) => {
        setLevelFor(null);
        if (!levelFor) return;
        if (mustAskToJoin(levelFor, level)) setAskFor(levelFor);
        else joinNow(levelFor);
      },
      onCancel: () => setLevelFor(null),
    },
    request: {
      levels: askFor?.levels ?? null,
      loading: request.isPending,
      onConfirm: (message) => {
        if (askFor) ask(askFor, message);
      },
      onCancel: () => setAskFor(null),
    },
  };
  /** What a MatchCardGrid needs to join or ask from its cards and report waiting-list outcomes here. */
  const gridProps = {
    joiningId,
    userLevel: user?.level ?? null,
    userGender: user?.gender ?? null,
    onJoin: (match: MatchView) =>
      needsGenderFirst(match, user?.gender)
        ? setGenderFor(match)
        : levelThenJoin(match, user?.level),
    onRequest: setAskFor,
    onNotice: (kind: 'success' | 'error', message: string) => notice[kind](message),
  };
  return { notice, gridProps, dialogs };
}
