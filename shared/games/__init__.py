"""shared.games package."""
