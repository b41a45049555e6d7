"""The OpenAPI document of the gateway, game move and view schemas included."""
