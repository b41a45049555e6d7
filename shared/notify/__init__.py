"""What the gateway and the notify service share: preferences, signed links, presence signals."""
