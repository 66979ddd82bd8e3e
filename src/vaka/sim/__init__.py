"""Simulation: matches between agents, many games at once, and their statistics."""
