"""Atua: free-angle island building. So far its geometry (cards, placements, the placement
rules, candidate placements, the scoring geometry and pictures); the game itself follows."""
