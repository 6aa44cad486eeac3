-- Lines the bot writes into a table's log that no action replays: "ran out of time", "did not
-- decide in time", "took back their last action". Written with their move, so /table log and a
-- rebuilt thread show them like the board did. `version` is the table version the line came with.
CREATE TABLE table_notes (
    table_id INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    version  INTEGER NOT NULL,
    text     TEXT    NOT NULL
);
CREATE INDEX table_notes_table ON table_notes (table_id, version);
