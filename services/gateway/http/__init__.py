"""HTTP plumbing: request bodies and query numbers, errors, guards, limits, metrics and
logs of requests, store calls."""
