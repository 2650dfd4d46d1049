/**
 * The shapes the match screens draw, as the tRPC contract describes them. Kept structural so the
 * presentational components can be rendered from plain fixtures in tests.
 */
export interface MatchView {
  id: number;
  place_id: number;
  place_name: string;
  address: string;
  city: string;
  date: string;
  time: string;
  levels: string[];
  slots: number;
  missing_players: number;
  created_by: number;
  creator_name: string;
  participants: { user_id: number }[];
}

export interface MyMatchView extends MatchView {
  is_creator: boolean;
  is_finished: boolean;
}

export interface LevelView {
  niveau: string;
  label: string;
  couleur: string;
  ordre: number;
  description?: string;
}

export interface PlaceView {
  id: number;
  name: string;
  address: string;
  city: string;
}

export interface ParticipantView {
  user_id: number;
  name: string;
  level: string | null;
  phone: string;
  joined_at: string;
}
