"""The service's attestations: its signature of each closed game's head, and the seal of each round."""
