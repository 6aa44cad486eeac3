-- A table dealt from a seed an admin chose (for bug reports and teaching): never rated, and it has
-- no fair-deal commitment, since its deal was not drawn at random.
ALTER TABLE game_tables ADD COLUMN seed_chosen INTEGER NOT NULL DEFAULT 0;
