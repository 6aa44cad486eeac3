-- Why a game made rated stopped being rated (a seat handed to a computer player for its absent
-- player, by a vote or a tournament's replace): its standings say so. Older rows have none.
ALTER TABLE game_tables ADD COLUMN unrated_reason TEXT;
