"""services.gateway package."""
