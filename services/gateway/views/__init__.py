"""What a caller sees of a table: the gateway's view projector and the player views and
frames built from it."""
