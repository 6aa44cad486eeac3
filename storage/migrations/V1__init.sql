-- Tables (one game each), their seats, the append-only action log and durable timers.

CREATE TABLE game_tables (
    id               INTEGER PRIMARY KEY,
    guild_id         INTEGER NOT NULL,
    channel_id       INTEGER NOT NULL,
    thread_id        INTEGER,
    game             TEXT    NOT NULL,
    options          TEXT    NOT NULL,               -- JSON of the game's Options model
    status           TEXT    NOT NULL CHECK (status IN ('lobby', 'running', 'finished', 'cancelled')),
    seed             INTEGER NOT NULL,
    state            TEXT,                           -- JSON of the game state; NULL in the lobby
    version          INTEGER NOT NULL DEFAULT 0,     -- number of accepted actions
    creator_id       INTEGER NOT NULL,
    rated            INTEGER NOT NULL DEFAULT 0,
    lobby_message_id INTEGER,
    board_message_id INTEGER,
    board_key        TEXT,
    prompts          TEXT    NOT NULL DEFAULT '{}',  -- JSON: seat -> [version, digest] of the choices offered
    outcome          TEXT,                           -- JSON of the final Outcome
    tournament_id    INTEGER,
    created_at       TEXT    NOT NULL,
    updated_at       TEXT    NOT NULL
);
CREATE INDEX game_tables_thread ON game_tables (thread_id);
CREATE INDEX game_tables_status ON game_tables (status);

CREATE TABLE seats (
    table_id      INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    seat          INTEGER NOT NULL,
    user_id       INTEGER,                 -- NULL for a computer seat
    display_name  TEXT    NOT NULL,
    ai            TEXT,                    -- computer player that acts for this seat, if any
    forfeited     INTEGER NOT NULL DEFAULT 0,
    dm_ok         INTEGER,                 -- 1 DMs work, 0 closed, NULL not probed
    dm_channel_id INTEGER,
    dm_message_id INTEGER,                 -- the latest private panel sent by DM
    joined_at     TEXT    NOT NULL,
    PRIMARY KEY (table_id, seat)
);
CREATE UNIQUE INDEX seats_user ON seats (table_id, user_id) WHERE user_id IS NOT NULL;

CREATE TABLE actions (
    table_id   INTEGER NOT NULL REFERENCES game_tables (id) ON DELETE CASCADE,
    version    INTEGER NOT NULL,           -- the table version this action produced
    seat       INTEGER NOT NULL,
    action     TEXT    NOT NULL,           -- JSON of the action
    created_at TEXT    NOT NULL,
    PRIMARY KEY (table_id, version)
);

CREATE TABLE timers (
    id         INTEGER PRIMARY KEY,
    kind       TEXT    NOT NULL,
    due_at     REAL    NOT NULL,           -- unix time
    table_id   INTEGER,
    payload    TEXT    NOT NULL DEFAULT '{}',
    created_at TEXT    NOT NULL
);
CREATE INDEX timers_due ON timers (due_at);
