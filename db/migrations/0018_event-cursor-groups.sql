-- The cursors of the groups' follow-ups and of the chat message notices (consumers of the event log).
INSERT INTO "event_cursors" ("consumer") VALUES ('groups'), ('chat-notices') ON CONFLICT DO NOTHING;
