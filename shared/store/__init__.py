"""shared.store package."""
