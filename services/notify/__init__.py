"""services.notify package."""
