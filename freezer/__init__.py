"""Snapshots, freeze manifests, verification, exports, the run log and the gate."""
