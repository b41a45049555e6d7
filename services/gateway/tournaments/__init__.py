"""Tournament routes of the gateway (registered through the route table in `openapi`)."""
