"""Benchmarks: the measurements behind `senet bench` and its kinds (docs/benchmarks.md)."""
