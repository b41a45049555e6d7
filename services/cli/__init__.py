"""services.cli package."""
