"""Adversarial corpus: planted eval defects and clean near-misses that measure the hygiene audit."""
