-- Running tables by seed: a finished table keeps its deal secret while another table dealt the
-- same cards (a duplicate tournament round, or a seed an admin chose twice) is still played.
CREATE INDEX IF NOT EXISTS game_tables_running_seed ON game_tables (seed) WHERE status = 'running';
