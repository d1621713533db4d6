"""What an environment is made of: oafreeze.yaml, task.json, task discovery, task families,
the deliverable matcher, and the sample task designs."""
