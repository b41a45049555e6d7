"""services.table package."""
