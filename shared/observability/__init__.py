"""Observability shared by every service: Prometheus metrics, probes, correlation ids."""
