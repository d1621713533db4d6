"""The knowledge-base model: profiles, document records, jurisdictions, validation."""
