"""Table routes: create, join, start, moves, lists, invitations, rematches, take-backs,
results, history."""
