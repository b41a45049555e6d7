"""Log consumers: a projection processes batches of the event log with its position, and a
runner feeds it (lease, wake-up, polling, gaps, `wait`); positions live in one table."""
