-- Community tournaments (registrations, rounds and their tables) and per-server game ratings.

CREATE TABLE tournaments (
    id             INTEGER PRIMARY KEY,
    guild_id       INTEGER NOT NULL,
    channel_id     INTEGER NOT NULL,           -- where the embed is and table threads open
    organiser_id   INTEGER NOT NULL,
    game           TEXT    NOT NULL,
    options        TEXT    NOT NULL,           -- JSON of the game's Options model
    format         TEXT    NOT NULL CHECK (format IN ('swiss', 'round_robin', 'elimination')),
    rounds         INTEGER NOT NULL,           -- planned rounds (elimination: until the final)
    table_size     INTEGER NOT NULL,
    advance        INTEGER,                    -- elimination: players going through per table
    duplicate      INTEGER NOT NULL DEFAULT 0, -- same deal at every table of an even round
    round_hours    INTEGER NOT NULL,           -- the deadline of a round, from its start
    seed           INTEGER NOT NULL,
    status         TEXT    NOT NULL CHECK (status IN ('registration', 'running', 'finished', 'cancelled')),
    current_round  INTEGER NOT NULL DEFAULT 0,
    message_id     INTEGER,                    -- the tournament embed
    created_at     TEXT    NOT NULL,
    updated_at     TEXT    NOT NULL
);
CREATE INDEX tournaments_status ON tournaments (guild_id, status);

CREATE TABLE tournament_players (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    user_id       INTEGER NOT NULL,
    display_name  TEXT    NOT NULL,
    rating        REAL    NOT NULL DEFAULT 0,  -- display rating when the tournament started
    withdrawn     INTEGER NOT NULL DEFAULT 0,
    registered_at TEXT    NOT NULL,
    PRIMARY KEY (tournament_id, user_id)
);

CREATE TABLE tournament_rounds (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_no      INTEGER NOT NULL,
    status        TEXT    NOT NULL CHECK (status IN ('running', 'finished')),
    byes          TEXT    NOT NULL DEFAULT '[]',  -- JSON list of user ids sitting out
    deadline      REAL    NOT NULL,               -- unix time
    started_at    TEXT    NOT NULL,
    finished_at   TEXT,
    PRIMARY KEY (tournament_id, round_no)
);

CREATE TABLE tournament_games (
    tournament_id INTEGER NOT NULL REFERENCES tournaments (id) ON DELETE CASCADE,
    round_no      INTEGER NOT NULL,
    board         INTEGER NOT NULL,               -- 1 = top table
    table_id      INTEGER NOT NULL REFERENCES game_tables (id),
    players       TEXT    NOT NULL,               -- JSON list of user ids in seat order
    result        TEXT,                           -- JSON GameResult once the table has finished
    PRIMARY KEY (tournament_id, round_no, board)
);
CREATE UNIQUE INDEX tournament_games_table ON tournament_games (table_id);

CREATE TABLE ratings (
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    display_name TEXT    NOT NULL,
    mu           REAL    NOT NULL,
    sigma        REAL    NOT NULL,
    games        INTEGER NOT NULL DEFAULT 0,
    wins         INTEGER NOT NULL DEFAULT 0,
    updated_at   TEXT    NOT NULL,
    PRIMARY KEY (guild_id, game, user_id)
);
CREATE INDEX ratings_board ON ratings (guild_id, game, (mu - 3 * sigma) DESC);

CREATE TABLE rating_history (
    id           INTEGER PRIMARY KEY,
    guild_id     INTEGER NOT NULL,
    game         TEXT    NOT NULL,
    user_id      INTEGER NOT NULL,
    table_id     INTEGER NOT NULL,
    place        INTEGER NOT NULL,               -- 1 = first; tied players share the better place
    seats        INTEGER NOT NULL,
    forfeited    INTEGER NOT NULL DEFAULT 0,
    mu_before    REAL    NOT NULL,
    sigma_before REAL    NOT NULL,
    mu_after     REAL    NOT NULL,
    sigma_after  REAL    NOT NULL,
    created_at   TEXT    NOT NULL
);
CREATE UNIQUE INDEX rating_history_table_user ON rating_history (table_id, user_id);
CREATE INDEX rating_history_user ON rating_history (guild_id, user_id, id);
