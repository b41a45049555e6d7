"""The table lifecycle shared by the write side and the projectors: lobby, seats, game."""
