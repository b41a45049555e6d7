"""shared.messaging package."""
