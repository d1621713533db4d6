"""The ground floor: errors, git access, hashing, canonical JSON, safe YAML, atomic and
append-only writes, sealed documents, path rules and tree comparison. Imports nothing
from the floors above it."""
