-- When a game started (seconds, the bot's clock): the first player's turn began then, and a
-- take-back in their opening run keeps the time used since. Games started before have none.
ALTER TABLE game_tables ADD COLUMN started_at REAL;
