"""shared.contracts package."""
