"""Tournaments: an event-sourced aggregate with a pure decider, pairings and standings."""
