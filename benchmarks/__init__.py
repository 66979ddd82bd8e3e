"""Benchmarks of the service, run from the repository root: ``python -m
benchmarks.loadtest``, ``python -m benchmarks.ws_floor``."""
