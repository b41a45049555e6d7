"""Results, standings and ratings: pure folds over finished games (gateway and scoring use them)."""
