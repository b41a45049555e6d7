"""The tournament service: its command worker (on the table shards) and its process manager."""
