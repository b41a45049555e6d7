"""services.scoring package."""
